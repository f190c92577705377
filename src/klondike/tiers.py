"""The tiers of winnable deals by difficulty, the easiest first (how a deal's tier is
measured: `klondike.fair.rating`, docs/fair.md "Difficulty")."""

from __future__ import annotations

from typing import Literal

Tier = Literal["easy", "medium", "hard", "expert"]
TIERS: tuple[Tier, ...] = ("easy", "medium", "hard", "expert")
"""Every tier, the easiest first."""
