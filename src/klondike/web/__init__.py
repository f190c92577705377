"""The web side of klondike: the FastAPI server (`api`, `security`, `serve`), the open games
(`games`), the solver's jobs in worker processes (`solving`) and the game view (`view`).
The SQLite store and the statistics are `klondike.store`'s."""
