"""Storage, apart from the web: `database` (the SQLite file, its migrations, `atomic`
transactions and the rows of the games table) and `stats` (the statistics and the history
read from it). Queries return data; the web server and the CLI present it.
"""
