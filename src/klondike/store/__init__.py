"""Storage, apart from the web: `database` (the SQLite file's life and its one connection,
which owns the lock, the write path and `atomic` transactions), the rows of each table
(`games`: one per game; `deals`: the kept proofs, proved and daily deals; `reviews`: the
kept analyses), `migrations` (the schema's versions and the steps between them), `settings`
(the player's settings, checked before they are saved) and `stats` (the statistics and the
history read from it). Queries return data; the web server and the CLI present it.
"""
