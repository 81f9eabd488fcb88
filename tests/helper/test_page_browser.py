"""The Memory page in a real headless Chromium (Debian's chromium + chromium-driver), against a real helper
(`picasso helper run` as a subprocess, PICASSO_HOME in a temporary folder): what a person sees and clicks.

Driven with selenium and Debian's chromedriver: the driver comes from the same source package as the browser,
so their versions always match, and selenium is pure Python. Skipped, saying why, where no Chromium is
installed; `.ci/run` installs it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.services import memory_ops
from picasso_tui.services.session import open_session
from picasso_tui.store.schema import MemoryClass
from tests.helper.conftest import Helper

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
CHROMEDRIVER = shutil.which("chromedriver") or next(
    (p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if Path(p).exists()), None
)
pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does)"
    ),
    pytest.mark.skipif(
        CHROMEDRIVER is None, reason="chromedriver is not installed (apt-get install chromium-driver; .ci/run does)"
    ),
    pytest.mark.slow,
]
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
from selenium.common.exceptions import NoAlertPresentException, TimeoutException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

# The machine notes' flags: no sandbox as root, and no background traffic to a network this machine lacks.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--window-size=1280,1000")  # fmt: skip
XSS = "<img src=x onerror=alert(1)>"
LONG = " ".join(f"Step {n}: run the migration for shard {n} and check its row counts." for n in range(40))


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    browser = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def driver(browser: Any, helper: Helper) -> Iterator[Any]:
    """The browser, for one test against one helper; it leaves the page (closing its event stream) first."""
    yield browser
    browser.delete_all_cookies()
    browser.get("about:blank")


@pytest.fixture
def repo(make_repo: Callable[..., Path]) -> Path:
    return make_repo("acme-api")


@pytest.fixture
def seeded(helper: Helper, repo: Path) -> dict[str, str]:
    """Memories in three classes, one account-wide, one long and one whose body is HTML: name -> id."""
    store = open_session(cwd=repo)
    notes = {
        "argon": ("Chose argon2id over bcrypt for password hashing: memory-hardness.", MemoryClass.DECISION),
        "router": ("HTTP handlers live in src/handlers/ and are wired through src/server/router.ts.", MemoryClass.FACT),
        "vitest": ("Test runner is Vitest; tests live beside the source in *.test.ts files.", MemoryClass.FACT),
        "style": ("Prefers explicit return types on exported functions.", MemoryClass.STYLE),
        "long": (LONG, MemoryClass.WORKFLOW),
        "html": (f"A body that looks like markup {XSS} must stay text.", MemoryClass.FACT),
    }
    ids = {}
    for name, (body, cls) in notes.items():
        ids[name] = memory_ops.add_memory(store, body, memory_class=cls).record.id
    return ids


def url(helper: Helper) -> str:
    return helper.info.url.rstrip("/")


def open_page(driver: Any, helper: Helper, fragment: str = "") -> None:
    driver.get(f"{url(helper)}/?token={helper.token}{fragment}")
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") not in (None, "loading"))


def wait_for(driver: Any, condition: Callable[[Any], Any], timeout: float = 5.0) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def visible_status(driver: Any) -> str:
    status = driver.find_element(By.ID, "status")
    return status.text if status.is_displayed() else ""


def card(driver: Any, rid: str) -> Any:
    found = driver.find_elements(By.CSS_SELECTOR, f'.card[data-id="{rid}"]')
    return found[0] if found else None


def cards_in(driver: Any, cls: str) -> list[str]:
    """The ids of a class's cards, top to bottom (read in one script: the page may redraw meanwhile)."""
    script = "return [...document.querySelectorAll(arguments[0])].map((c) => c.dataset.id);"
    return driver.execute_script(script, f"#group-{cls} .card")


def heading_count(driver: Any, cls: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, f"#group-{cls} h2 .count").text


def live_record(rid: str) -> dict[str, Any] | None:
    """The record as memory.json holds it, or None when it is gone or a tombstone."""
    data = json.loads(PicassoPaths.resolve().memory_file.read_text())
    for raw in data["records"]:
        if raw["id"] == rid:
            return None if raw["metadata"].get("attributes", {}).get("deletedAt") else raw
    return None


def test_lists_the_seeded_memories_grouped_by_class(driver: Any, helper: Helper, seeded: dict[str, str]) -> None:
    open_page(driver, helper)
    assert sorted(cards_in(driver, "fact")) == sorted([seeded["router"], seeded["vitest"], seeded["html"]])
    assert cards_in(driver, "decision") == [seeded["argon"]]
    assert cards_in(driver, "style") == [seeded["style"]]
    assert cards_in(driver, "workflow") == [seeded["long"]]
    assert heading_count(driver, "fact") == "3"
    assert heading_count(driver, "failure") == "0"
    assert driver.find_element(By.CSS_SELECTOR, "#group-failure .none").text == "No failures."
    assert "3 facts" in driver.find_element(By.ID, "summary").text
    assert driver.current_url == f"{url(helper)}/", "the token leaves the address bar"
    # A long body is cut to a few lines; "Show all" shows every word of it.
    long_card = card(driver, seeded["long"])
    body = long_card.find_element(By.CSS_SELECTOR, ".body")
    assert body.size["height"] < 120
    long_card.find_element(By.CSS_SELECTOR, "button.more").click()
    body = wait_for(driver, lambda d: card(d, seeded["long"]).find_element(By.CSS_SELECTOR, ".body:not(.-clamped)"))
    assert body.size["height"] > 200
    assert "shard 39 and check its row counts." in body.text
    assert not card(driver, seeded["router"]).find_element(By.CSS_SELECTOR, "button.more").is_displayed()


def test_a_workspace_shows_its_memories_and_the_account_wide_ones(
    driver: Any, helper: Helper, seeded: dict[str, str], repo: Path, make_repo: Callable[..., Path]
) -> None:
    other = make_repo("other", files={"NOTES.md": "another project\n"})
    other_id = memory_ops.add_memory(open_session(cwd=other), "Only the other repository knows this.").record.id
    open_page(driver, helper, f"#cwd={repo}")
    assert driver.find_element(By.ID, "workspace").get_attribute("value") == str(repo)
    assert card(driver, other_id) is None
    assert card(driver, seeded["router"]).find_element(By.CSS_SELECTOR, ".scope").text == "this workspace"
    assert card(driver, seeded["style"]).find_element(By.CSS_SELECTOR, ".scope").text == "account-wide"
    # Emptying the folder shows every workspace.
    field = driver.find_element(By.ID, "workspace")
    field.clear()
    field.send_keys(Keys.ENTER)
    wait_for(driver, lambda d: card(d, other_id))
    assert card(driver, seeded["router"]).find_element(By.CSS_SELECTOR, ".scope").text.startswith("workspace ")


def test_the_filter_narrows_by_words_and_by_class(driver: Any, helper: Helper, seeded: dict[str, str]) -> None:
    open_page(driver, helper)
    box = driver.find_element(By.ID, "filter")
    box.send_keys("router.ts")
    wait_for(driver, lambda d: cards_in(d, "fact") == [seeded["router"]])
    assert heading_count(driver, "fact") == "1/3"
    assert cards_in(driver, "decision") == []
    assert driver.find_element(By.CSS_SELECTOR, "#group-decision .none").text == "The filter hides every one."
    box.send_keys(Keys.ESCAPE)  # clears the filter
    wait_for(driver, lambda d: len(cards_in(d, "fact")) == 3)
    Select(driver.find_element(By.ID, "class-filter")).select_by_value("decision")
    wait_for(driver, lambda d: not d.find_elements(By.ID, "group-fact"))
    assert cards_in(driver, "decision") == [seeded["argon"]]
    box.send_keys("nothing-like-this")
    wait_for(driver, lambda d: visible_status(d) == "No memory matches the filter.")
    assert driver.find_elements(By.CSS_SELECTOR, ".card") == []


def test_pin_moves_a_memory_to_the_pinned_and_unpin_back(driver: Any, helper: Helper, seeded: dict[str, str]) -> None:
    open_page(driver, helper)
    facts = cards_in(driver, "fact")
    last = facts[-1]
    button = card(driver, last).find_element(By.CSS_SELECTOR, "button.pin")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    wait_for(driver, lambda d: cards_in(d, "fact")[0] == last)
    pinned = card(driver, last)
    assert pinned.find_element(By.CSS_SELECTOR, "button.pin").get_attribute("aria-pressed") == "true"
    assert "★" in pinned.find_element(By.CSS_SELECTOR, ".meta").text
    assert live_record(last)["metadata"]["pinned"] is True
    # Keyboard: the focus stays on the card's pin button, and Enter unpins it.
    active = driver.switch_to.active_element
    assert active.get_attribute("data-action") == "unpin"
    active.send_keys(Keys.ENTER)
    unpinned = f'.card[data-id="{last}"] button.pin[aria-pressed="false"]'
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, unpinned))
    assert sorted(cards_in(driver, "fact")) == sorted(facts)
    assert live_record(last)["metadata"]["pinned"] is False


def test_delete_asks_first_cancel_keeps_and_confirm_removes(
    driver: Any, helper: Helper, seeded: dict[str, str]
) -> None:
    open_page(driver, helper)
    rid = seeded["argon"]
    dialog = driver.find_element(By.ID, "confirm")

    def ask() -> None:
        card(driver, rid).find_element(By.CSS_SELECTOR, "button.delete").click()
        wait_for(driver, lambda d: dialog.get_attribute("open") is not None)
        assert "argon2id over bcrypt" in dialog.find_element(By.ID, "confirm-detail").text
        assert driver.switch_to.active_element.get_attribute("id") == "confirm-cancel", "No is the default"

    ask()
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_for(driver, lambda d: dialog.get_attribute("open") is None)
    ask()
    driver.find_element(By.ID, "confirm-cancel").click()
    wait_for(driver, lambda d: dialog.get_attribute("open") is None)
    time.sleep(0.3)
    assert card(driver, rid) is not None
    assert live_record(rid) is not None
    ask()
    driver.find_element(By.ID, "confirm-delete").click()
    wait_for(driver, lambda d: card(d, rid) is None)
    assert heading_count(driver, "decision") == "0"
    assert live_record(rid) is None


def test_a_memory_written_elsewhere_appears_without_a_reload(
    driver: Any, helper: Helper, seeded: dict[str, str], repo: Path
) -> None:
    open_page(driver, helper)
    wait_for(driver, lambda d: d.find_element(By.ID, "live").text == "● live")
    driver.execute_script("window.__sameDocument = true;")
    subprocess.run([sys.executable, "-m", "picasso_tui.cli", "memory", "add", "--class", "failure",
                    "Written from another shell while the page is open"], cwd=repo, check=True,
                   capture_output=True)  # fmt: skip
    written = time.monotonic()
    try:
        wait_for(driver, lambda d: len(cards_in(d, "failure")) == 1, timeout=2.0)
    except TimeoutException:
        pytest.fail("the memory written by `picasso memory add` did not appear on the page within 2 s")
    took = time.monotonic() - written
    assert took < 2.0
    new = driver.find_element(By.CSS_SELECTOR, "#group-failure .card")
    assert new.find_element(By.CSS_SELECTOR, ".body").text == "Written from another shell while the page is open"
    assert heading_count(driver, "failure") == "1"
    assert driver.execute_script("return window.__sameDocument === true;"), "the page was not reloaded"


def test_a_body_holding_html_shows_as_text(driver: Any, helper: Helper, seeded: dict[str, str]) -> None:
    open_page(driver, helper)
    body = card(driver, seeded["html"]).find_element(By.CSS_SELECTOR, ".body")
    assert XSS in body.text
    assert driver.find_elements(By.TAG_NAME, "img") == []
    time.sleep(0.3)  # an onerror handler would have fired by now
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text  # noqa: B018


def test_without_the_token_the_page_asks_to_sign_in(driver: Any, helper: Helper, seeded: dict[str, str]) -> None:
    status, _headers, raw = helper.tcp("GET", "/api/memories?all=1")
    assert status == 401
    assert b"argon2id" not in raw
    page_status, headers, _page = helper.tcp("GET", "/")
    assert page_status == 200  # the page's own files hold no memory: it loads, and asks to sign in
    assert "default-src 'self'" in {k.lower(): v for k, v in headers.items()}.get("content-security-policy", "")
    driver.get(f"{url(helper)}/")
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").text)
    assert "argon2id" not in driver.page_source
    assert driver.find_elements(By.CSS_SELECTOR, ".card") == []
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "signed-out")
    assert visible_status(driver).startswith("Sign in first: open the link that picasso helper status prints")
    assert "argon2id" not in driver.page_source


def test_losing_the_token_on_an_open_page_clears_it(driver: Any, helper: Helper, seeded: dict[str, str]) -> None:
    open_page(driver, helper)
    wait_for(driver, lambda d: d.find_element(By.ID, "live").text == "● live")
    assert card(driver, seeded["argon"]) is not None
    driver.delete_all_cookies()
    field = driver.find_element(By.ID, "workspace")
    field.send_keys("/", Keys.ENTER)  # any new read
    wait_for(driver, lambda d: visible_status(d).startswith("Sign in first"))
    assert driver.find_elements(By.CSS_SELECTOR, ".card") == []
    assert driver.find_element(By.ID, "filter").get_attribute("disabled") is not None
    assert driver.find_element(By.ID, "live").text == "○ signed out"


def test_slash_focuses_the_filter(driver: Any, helper: Helper, seeded: dict[str, str]) -> None:
    open_page(driver, helper)
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert driver.switch_to.active_element.get_attribute("id") == "filter"
    driver.switch_to.active_element.send_keys("argon")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".card")) == 1)


def test_empty_and_error_states_are_one_sentence(driver: Any, helper: Helper, tmp_path: Path) -> None:
    open_page(driver, helper)
    assert visible_status(driver).startswith("No memories yet: add one with picasso memory add")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".group.-empty")) == 7
    field = driver.find_element(By.ID, "workspace")
    field.send_keys(str(tmp_path / "no-such-folder"), Keys.ENTER)
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") == "error")
    sentence = visible_status(driver)
    assert "no-such-folder" in sentence
    assert "\n" not in sentence
    assert driver.find_elements(By.CSS_SELECTOR, ".group") == []


def test_a_stopped_helper_is_said_and_the_page_keeps_what_it_showed(
    driver: Any, helper: Helper, seeded: dict[str, str]
) -> None:
    open_page(driver, helper)
    wait_for(driver, lambda d: d.find_element(By.ID, "live").text == "● live")
    helper.stop()
    wait_for(driver, lambda d: visible_status(d).startswith("The Picasso helper is not answering"), timeout=10)
    assert visible_status(driver).endswith("start it with picasso helper start, then reload this page.")
    assert driver.find_element(By.ID, "live").text == "○ reconnecting"
    assert card(driver, seeded["argon"]) is not None
