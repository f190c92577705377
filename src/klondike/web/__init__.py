"""The web side of klondike: the FastAPI server (`api`, its routes in `views`, `security`,
`serve`), the open games (`games`), the solver's jobs for the API (`solving`) in worker
processes (`workers`, `worker_process`), the proofs and the pool of proved deals (`proofs`,
`proved_deals`), the gauge (`gauge`), the reviews (`reviewing`), their background thread
(`background`), the refusals (`refusals`) and the game view (`view`). The SQLite store and
the statistics are `klondike.store`'s; the hint is `klondike.fair.hint`'s."""
