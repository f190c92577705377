"""The page's icons for the home screen (the web-app manifest), drawn from the table's own
icon, ``static/favicon.svg``, by Chromium: ``make icons`` (``python -m helpers.icons``).

Run once when the icon changes; the PNGs are shipped as static files, so nothing is drawn
while the game runs. ``klondike-192.png`` and ``klondike-512.png`` are the icon itself on a
clear ground; ``klondike-maskable-512.png`` is the card on the felt to the edges, inside the
middle 70 % that a launcher's mask (a circle, a squircle) always keeps.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[2] / "src" / "klondike" / "web" / "static"
CHROMIUM = "/usr/bin/chromium"
FELT = "#1f6a41"
"""The table's colour (``--felt`` of klondike.css), the maskable icon's ground."""

ICONS = {  # file: (size, share of the size the icon takes, the ground)
    "klondike-192.png": (192, 1.0, None),
    "klondike-512.png": (512, 1.0, None),
    "klondike-maskable-512.png": (512, 0.7, FELT),
}


def page_of(svg: bytes, size: int, share: float, ground: str | None) -> str:
    """A page of exactly ``size`` px showing the icon ``svg`` centred at ``share`` of it."""
    inner = round(size * share)
    data = base64.b64encode(svg).decode()
    background = ground or "transparent"
    return (
        "<!doctype html><html><body style='margin:0'>"
        f"<div style='width:{size}px;height:{size}px;background:{background};display:grid;"
        f"place-items:center'><img src='data:image/svg+xml;base64,{data}' "
        f"width='{inner}' height='{inner}'></div></body></html>"
    )


def main() -> int:
    svg = (STATIC / "favicon.svg").read_bytes()
    out = STATIC / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (size, share, ground) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_of(svg, size, share, ground))
            page.locator("img").evaluate("img => img.decode()")
            page.screenshot(path=str(out / name), omit_background=ground is None)
            page.close()
            print(f"{out / name}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
