"""What every test shares: hypothesis without a deadline, so that a loaded machine makes a
property test slow, never failed (the examples and their checks are unchanged)."""

from hypothesis import settings

settings.register_profile("klondike", deadline=None)
settings.load_profile("klondike")
