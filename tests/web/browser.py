"""Headless Chromium through selenium, with Debian's chromium and chromedriver (nothing downloaded)."""

from __future__ import annotations

import base64
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
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


def rendered(driver: Any, url: str, selector: str, timeout: float = 60) -> None:
    """Load the public page ``url`` once the file the visitor is served has ``selector``.

    A public page is a file (``public_pages.py``), rendered again a moment after the change that changes it
    (``SWISSPAIR_PUBLIC_DEBOUNCE_MS``, then the worker's next look at its queue): until then a visitor who is
    not logged in gets the page as it was. So this asks, as the browser would, until the answer comes from a
    file (``X-Swisspair-Cache: file``) with ``selector`` in it; on a timeout it says what the last answer
    was.
    """
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    script = ("const done = arguments[arguments.length - 1];"
              "fetch(arguments[0], {credentials: 'same-origin', cache: 'no-store'}).then(r => r.text().then(t => {"
              "  const page = new DOMParser().parseFromString(t, 'text/html');"
              "  done([r.headers.get('X-Swisspair-Cache') || 'application', !!page.querySelector(arguments[1]),"
              "        (page.querySelector('main') || page.body).textContent.replace(/\\s+/g, ' ').slice(0, 300)]);"
              "}), e => done(['ERR ' + e, false, '']));")
    last: list[Any] = []

    def ready(d: Any) -> bool:
        last[:] = d.execute_async_script(script, url, selector)
        return last[0] == "file" and bool(last[1])

    try:
        WebDriverWait(driver, timeout, poll_frequency=0.25).until(ready)
    except TimeoutException:
        raise AssertionError(f"{url} has no {selector} after {timeout} s; the last answer ({last[:1]}): "
                             f"{last[2:]}") from None
    driver.get(url)


def public_json(driver: Any, url: str, ready: Callable[[Any], bool], timeout: float = 60) -> Any:
    """The public JSON at ``url`` once ``ready(data)`` holds. Once somebody asked for a JSON at an address, the
    public JSON pages are files rendered for it a moment after each change, as :func:`rendered` says: until
    then the answer is the data as it was. On a timeout, say what the last answer was."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    last: list[Any] = [None]

    def answered(d: Any) -> bool:
        try:
            last[0] = json.loads(fetch_text(d, url))
        except ValueError:
            return False
        return bool(ready(last[0]))

    try:
        WebDriverWait(driver, timeout, poll_frequency=0.25).until(answered)
    except TimeoutException:
        raise AssertionError(f"{url} after {timeout} s: {str(last[0])[:300]}") from None
    return last[0]


def next_page(driver: Any, action: Callable[[], None], timeout: float = 60) -> None:
    """Run ``action`` and wait for the next page to load (a flag set on the old window is gone on the new one)."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    driver.execute_script("window.swisspairOldPage = true;")
    action()
    WebDriverWait(driver, timeout, ignored_exceptions=(WebDriverException,)).until(lambda d: d.execute_script(
        "return !window.swisspairOldPage && document.readyState === 'complete';"))


def click(driver: Any, selector: str) -> None:
    """Click ``selector`` and wait for the next page."""
    next_page(driver, lambda: driver.find_element("css selector", selector).click())


def login(base: str, driver: Any, user: str = "alice") -> None:
    """Log ``user`` in (password ``password``) from a browser without cookies."""
    driver.delete_all_cookies()
    driver.get(base + "/accounts/login/?next=/")
    driver.find_element("id", "id_username").send_keys(user)
    driver.find_element("id", "id_password").send_keys("password")
    click(driver, "#login-form button[type=submit]")
    driver.find_element("id", "logout")


class Arbiter:
    """One browser, logged in."""

    def __init__(self, driver: Any, base: str, name: str) -> None:
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.support.ui import WebDriverWait

        self.driver, self.base = driver, base
        self.wait = WebDriverWait(driver, 120, ignored_exceptions=(WebDriverException,))
        self.go("/accounts/login/?next=/")
        self.field("id_username").send_keys(name)
        self.field("id_password").send_keys("password")
        self.submit_with(lambda: self.field("id_password").submit())
        assert name in self.driver.find_element("id", "logout").text

    def go(self, path: str) -> None:
        self.driver.get(self.base + path)

    def field(self, element_id: str) -> Any:
        return self.driver.find_element("id", element_id)

    def submit_with(self, action: Callable[[], None]) -> None:
        """Run ``action`` and wait for the next page to load."""
        next_page(self.driver, action, timeout=120)

    def type_on(self, board: int, keys: str) -> None:
        """Type ``keys`` into board ``board`` as a person would (the box's text selected first), then Enter."""
        from selenium.webdriver.common.keys import Keys

        box = self.field(f"r{board}")
        box.click()
        self.driver.execute_script("arguments[0].select();", box)
        self.submit_with(lambda: box.send_keys(keys + Keys.ENTER))

    def value(self, board: int) -> str:
        return str(self.field(f"r{board}").get_attribute("value"))

    def saved(self, board: int) -> str:
        return str(self.driver.find_element("css selector", f"#board-{board} td.saved").text)

    def messages(self) -> str:
        found = self.driver.find_elements("id", "messages")
        return str(found[0].text) if found else ""

    def click(self, selector: str, *, accept: bool = False) -> None:
        """Click ``selector`` and wait for the next page; ``accept`` answers the page's "are you sure?" with OK."""
        def action() -> None:
            self.driver.find_element("css selector", selector).click()
            if accept:
                self.wait.until(lambda d: _alert(d)).accept()

        self.submit_with(action)

    def text(self, selector: str) -> str:
        return str(self.driver.find_element("css selector", selector).text)


def _alert(driver: Any) -> Any:
    from selenium.common.exceptions import NoAlertPresentException

    try:
        return driver.switch_to.alert
    except NoAlertPresentException:
        return None


@contextmanager
def arbiters(base: str, *names: str) -> Iterator[list[Arbiter]]:
    with ExitStack() as stack:
        yield [Arbiter(stack.enter_context(chromium()), base, name) for name in names]
