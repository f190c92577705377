"""The API's routes, one module per resource, each with its request and answer models
beside its routes: `games` (the games and their actions), `hints` (the hint and the
gauge), `reviews`, `daily` (the daily calendar), `stats`, `settings`, `rules` (the
versions and game codes) and `page` (the page and its files); `common` holds what they
share. Each module's ``add_routes(app, ...)`` adds its routes over the server's objects;
`klondike.web.api.create_app` calls them."""
