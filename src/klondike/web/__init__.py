"""The web side of klondike: the FastAPI server, the game view, the SQLite store and stats."""
