"""Checks the page of a long session of a reactor with a large state in headless chromium (see
browser.sh).

usage: browser_check_large.py PAGE.html [SCREENSHOT.png]
PAGE.html is written by TraceRecorderLargeStateTests.test_writeTheLargeSessionsPage: 1,000 actions
of a reactor whose state holds 100,000 numbers (`items`, first 0, 1, 2, ...) and their `total`;
action k (from 0) adds k + 1 to items[(42 + 7919 k) % 100000] and to the total. The page must
stay small, load and step quickly, and show at every step the state that this model computes.
"""

import os
import sys
import time

from browser_driver import Checks, headless_chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

COUNT = 100_000
ACTIONS = 1_000
MAXIMUM_BYTES = 4_000_000
MAXIMUM_LOAD_SECONDS = 20
MAXIMUM_STEP_SECONDS = 2

page = sys.argv[1]
screenshot = sys.argv[2] if len(sys.argv) > 2 else ""
check = Checks("large browser check")


def action(k):
    return (42 + k * 7919) % COUNT, k + 1


def model(actions):
    """The state after `actions` actions: its numbers and their total."""
    items = list(range(COUNT))
    total = 0
    for k in range(actions):
        index, amount = action(k)
        items[index] += amount
        total += amount
    return items, total


def outline(items, total):
    return (["\u25bf LargeTimelineReactor.State", "  \u25bf items: %d elements" % COUNT]
            + ["    - %d" % value for value in items] + ["  - total: %d" % total])


size = os.path.getsize(page)
check(size < MAXIMUM_BYTES, "the page has %d bytes, more than %d" % (size, MAXIMUM_BYTES))

driver = headless_chromium()
step_times = []
try:
    driver.set_page_load_timeout(MAXIMUM_LOAD_SECONDS * 3)
    driver.set_script_timeout(MAXIMUM_LOAD_SECONDS)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.__errors = [];
        window.addEventListener("error", function (e) { window.__errors.push(String(e.message)); });
    """})
    started = time.monotonic()
    driver.get("file://" + page)
    WebDriverWait(driver, MAXIMUM_LOAD_SECONDS).until(
        lambda d: d.execute_script("return !!window.reactorFlowTimeline"))
    load_seconds = time.monotonic() - started
    check(load_seconds < MAXIMUM_LOAD_SECONDS, "the page took %.1f s to load" % load_seconds)
    errors = driver.execute_script("return window.__errors")
    console = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check(errors == [], "script errors while loading: %s" % errors)
    check(console == [], "console errors while loading: %s" % console)
    steps = driver.execute_script("return window.reactorFlowTimeline.stepCount")
    check(steps == 2 * ACTIONS + 1, "the page has %d steps, not %d" % (steps, 2 * ACTIONS + 1))

    body = driver.find_element(By.TAG_NAME, "body")

    def text(key):
        return driver.find_element(By.ID, key).text

    def at(index):
        """Waits, boundedly, until the page shows step `index` (from 0)."""
        WebDriverWait(driver, MAXIMUM_STEP_SECONDS * 5).until(
            lambda d: d.find_element(By.ID, "position").text.startswith("step %d of" % (index + 1)))

    def press(key, index):
        started = time.monotonic()
        body.send_keys(key)
        at(index)
        step_times.append(time.monotonic() - started)

    def verify(index, whole=False):
        """Checks what step `index` shows against the model."""
        done = index // 2  # the actions whose mutations step `index` has passed
        kind = "started" if index == 0 else ("action" if index % 2 == 1 else "mutation")
        event = text("event")
        check(kind == "started" and event.endswith("started") or event.startswith(
            "LargeTimelineReactor #1: %s add(index: %d" % ((kind,) + action((index - 1) // 2)[:1])),
            "step %d shows the event %r" % (index + 1, event))
        marked = [span.text for span in driver.find_elements(By.CSS_SELECTOR, "#state span.changed")]
        changes = text("changes")
        if kind == "mutation":
            items, total = model(done)
            changed, amount = action(done - 1)
            check(marked == ["    - %d" % items[changed], "  - total: %d" % total],
                  "step %d marks %s" % (index + 1, marked))
            for line in ["items[%d]" % changed, "\u2212     - %d" % (items[changed] - amount),
                         "+     - %d" % items[changed], "total", "+   - total: %d" % total]:
                check(line in changes.split("\n"), "step %d lists %r in %r" % (index + 1, line, changes))
            state = text("state")
            check("  \u25bf items: %d elements" % COUNT in state.split("\n"),
                  "step %d shows the items under their field" % (index + 1))
        else:
            check(marked == [], "step %d marks %s" % (index + 1, marked))
        if whole:
            items, total = model(done)
            shown = driver.execute_script("return window.reactorFlowTimeline.stateText()").split("\n")
            expected = outline(items, total)
            check(shown == expected, "step %d's whole state differs from the model's (%d lines, %d expected; "
                  "first difference at %s)" % (index + 1, len(shown), len(expected), next(
                      (i for i, (a, b) in enumerate(zip(shown, expected)) if a != b), "the end")))

    at(0)
    verify(0, whole=True)
    check("100003 lines" in text("state-note"), "the note says how large the state is: %r" % text("state-note"))
    # Forward through the first actions, then back, with the arrow keys.
    for index in range(1, 31):
        press(Keys.ARROW_RIGHT, index)
        verify(index, whole=index in (2, 30))
    for index in range(29, 9, -1):
        press(Keys.ARROW_LEFT, index)
        verify(index, whole=index in (20, 10))
    # Far into the session: step 900, and around it.
    started = time.monotonic()
    driver.execute_script("window.reactorFlowTimeline.show(899)")
    at(899)
    jump_seconds = time.monotonic() - started
    check(jump_seconds < MAXIMUM_STEP_SECONDS, "the jump to step 900 took %.2f s" % jump_seconds)
    verify(899, whole=True)
    for index in range(900, 906):
        press(Keys.ARROW_RIGHT, index)
        verify(index, whole=index == 900)
    for index in range(904, 896, -1):
        press(Keys.ARROW_LEFT, index)
        verify(index, whole=index == 897)
    press(Keys.END, 2 * ACTIONS)
    verify(2 * ACTIONS, whole=True)
    press(Keys.HOME, 0)
    verify(0, whole=True)
    slowest = max(step_times)
    check(slowest < MAXIMUM_STEP_SECONDS, "the slowest step took %.2f s" % slowest)
    errors = driver.execute_script("return window.__errors")
    check(errors == [], "script errors while stepping: %s" % errors)

    if screenshot:
        driver.execute_script("window.reactorFlowTimeline.show(900)")
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(screenshot)
finally:
    driver.quit()

check.exit_if_failed()
print("large browser check: the page of %d actions on %d numbers has %d bytes, loads in %.1f s without "
      "errors, steps in %.0f ms on average (%.0f ms at most, %.0f ms for the jump to step 900), and "
      "shows the model's states" % (ACTIONS, COUNT, size, load_seconds,
                                    1000 * sum(step_times) / len(step_times), 1000 * slowest, 1000 * jump_seconds))
