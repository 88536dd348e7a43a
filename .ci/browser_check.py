"""Checks the page of `randomuser --trace FILE.html` in headless chromium (see browser.sh).

usage: browser_check.py PAGE.html TRACE.json [SCREENSHOT.png]
PAGE.html and TRACE.json record the same scripted session, so the JSON trace says how many
actions and mutations the page must show, and in which order.
"""

import json
import re
import sys

from browser_driver import Checks, headless_chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

page, trace = sys.argv[1], sys.argv[2]
screenshot = sys.argv[3] if len(sys.argv) > 3 else ""
check = Checks("browser check")


events = json.load(open(trace, encoding="utf-8"))["traceEvents"]
instants = [e["name"] for e in events if e["ph"] == "i"]
reactors = sum(1 for e in events if e["ph"] == "M" and e["name"] == "process_name")
ends = sum(1 for e in events if e["ph"] == "E" and e["args"]["outcome"] != "running")
starts = sum(1 for e in events if e["ph"] == "B")

driver = headless_chromium()
try:
    # Installed before the page's own scripts run, so that an error while loading is caught too.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.__errors = [];
        window.addEventListener("error", function (e) { window.__errors.push(String(e.message)); });
    """})
    driver.get("file://" + page)
    errors = driver.execute_script("return window.__errors")
    console = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check(errors == [], "script errors while loading: %s" % errors)
    check(console == [], "console errors while loading: %s" % console)
    requests = driver.execute_script(
        "return performance.getEntriesByType('resource').map(function (r) { return r.name; })")
    check(requests == [], "the page loaded other resources: %s" % requests)

    marks = driver.find_elements(By.CSS_SELECTOR, "#timeline g.mark")
    shown = sum(int(mark.get_attribute("data-count")) for mark in marks)
    check(shown == len(instants),
          "the marks stand for %d actions and mutations, the trace has %d" % (shown, len(instants)))
    check(len(marks) > 0, "no marks")
    items = driver.find_elements(By.CSS_SELECTOR, "#events li")
    expected_steps = len(instants) + reactors + starts + ends
    check(len(items) == expected_steps,
          "the list has %d events, the trace %d" % (len(items), expected_steps))

    def read():
        return {key: driver.find_element(By.ID, key).text
                for key in ["position", "event", "state", "changes", "owner"]}

    body = driver.find_element(By.TAG_NAME, "body")
    seen = []
    states = {}
    shot_at = None
    current = read()
    check(current["position"].startswith("step 1 of %d" % len(items)), "first step: %s" % current["position"])
    for index in range(1, len(items)):
        body.send_keys(Keys.ARROW_RIGHT)
        previous, current = current, read()
        check(current["position"].startswith("step %d of" % (index + 1)),
              "step %d shows %s" % (index + 1, current["position"]))
        owner, kind_text = current["event"].split(": ", 1)
        kind, _, text = kind_text.partition(" ")
        if kind in ("action", "mutation"):
            seen.append(kind + " " + text)
        before = states.get(owner)
        if kind == "mutation":
            changes = [line for line in current["changes"].split("\n") if line[:2] in ("+ ", "\u2212 ")]
            if before is not None:
                check((changes != []) == (current["state"] != before),
                      "step %d (%s): the changes and the state disagree" % (index + 1, text))
            if text.startswith("startLoading"):
                check(re.search(r"sections: Loadable<.*>\.loading$", current["state"], re.M) is not None,
                      "startLoading shows the sections loading")
            if text.startswith("setSections"):
                check(re.search(r"sections: Loadable<.*>\.loaded$", current["state"], re.M) is not None,
                      "setSections shows the sections loaded")
                check("+ " in current["changes"], "setSections lists added lines")
            if text.startswith("toggle") and shot_at is None:
                check("expandedIndex" in current["changes"], "toggle changes expandedIndex")
                shot_at = index
        elif kind == "action":
            check(current["state"] == (before or current["state"]), "an action alone changes no state")
        states[owner] = current["state"]
    check(seen == instants,
          "the page's actions and mutations differ from the trace's:\n%s\n%s" % (seen[:8], instants[:8]))
    errors = driver.execute_script("return window.__errors")
    check(errors == [], "script errors while stepping: %s" % errors)

    if screenshot:
        driver.execute_script("window.reactorFlowTimeline.show(%d)" % (shot_at or 0))
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(screenshot)
finally:
    driver.quit()

check.exit_if_failed()
print("browser check: the page loads without errors, %d marks stand for the trace's %d actions and "
      "mutations, and %d steps show their states" % (len(marks), len(instants), len(items)))
