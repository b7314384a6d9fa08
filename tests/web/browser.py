"""Headless Chromium through selenium, with Debian's chromium and chromedriver (nothing downloaded)."""

from __future__ import annotations

import base64
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(p)), None) \
    or shutil.which("chromium")
CHROMEDRIVER = "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else shutil.which("chromedriver")


def require_browser() -> None:
    """Skip (visibly) unless selenium, chromium and chromedriver are installed."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.skip("NOTICE: selenium is not installed: browser tests skipped (pip install -e '.[test]')")
    if not CHROMIUM or not CHROMEDRIVER:
        pytest.skip("NOTICE: chromium/chromedriver not installed: browser tests skipped "
                    "(run scripts/web-test-setup.sh)")


READY = "return document.readyState === 'complete' && !!document.body && document.body.children.length > 0;"


def _settled_chrome_class() -> Any:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    class SettledChrome(webdriver.Chrome):  # type: ignore[misc]
        """``get`` returns once the new document is complete and has a body.

        ChromeDriver's own wait can return while the documents are being swapped: CI once read an
        empty ``page_source`` right after ``get`` of a page that always has content.
        """

        def get(self, url: str) -> None:
            super().get(url)
            WebDriverWait(self, 60, ignored_exceptions=(WebDriverException,)).until(
                lambda d: bool(d.execute_script(READY)))

    return SettledChrome


@contextmanager
def chromium() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    settled_chrome = _settled_chrome_class()

    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager download anything
    profile = tempfile.mkdtemp(prefix="swisspair-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--window-size=1280,1000", f"--user-data-dir={profile}", "--lang=en-US"):
        options.add_argument(arg)
    driver = settled_chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(120)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def fetch_bytes(driver: Any, url: str) -> bytes:
    """A file as the browser gets it (with its cookies: session, language)."""
    encoded: str = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.arrayBuffer()).then(b => {"
        "  let s = ''; const a = new Uint8Array(b);"
        "  for (let i = 0; i < a.length; i++) s += String.fromCharCode(a[i]);"
        "  done(btoa(s)); }, e => done(''));", url)
    return base64.b64decode(encoded)


def fetch_text(driver: Any, url: str) -> str:
    """A page as the browser gets it (with its cookies), as text; ``ERR ...`` when the fetch fails."""
    text: str = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(done, e => done('ERR ' + e));",
        url)
    return text
