"""What the browser checks share: a headless chromium through chromium-driver, which keeps the
page's console, and the failures a check collects before it exits (see browser.sh)."""

import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def headless_chromium():
    """A headless chromium of 1400 x 1300 pixels whose browser log keeps every console message."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1300"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Checks:
    """The failed conditions of one check, each printed as it fails, prefixed with `name`."""

    def __init__(self, name):
        self.name = name
        self.failures = []

    def __call__(self, condition, message):
        if not condition:
            self.failures.append(message)
            print("%s: FAIL: %s" % (self.name, message), file=sys.stderr)

    def exit_if_failed(self):
        if self.failures:
            sys.exit("%s: %d failures" % (self.name, len(self.failures)))
