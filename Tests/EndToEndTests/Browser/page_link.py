#!/usr/bin/python3
"""Answering through an answer link, in headless Chromium (Selenium; Debian chromium, chromium-driver,
python3-selenium). Run by Tests/EndToEndTests/BrowserLinkTests.swift with /usr/bin/python3.

  page_link.py --url URL --screenshots DIR --presentation ID --link LINK --action ACTION

First fetches LINK the way a mail scanner does (a plain GET) and checks through the API (URL) that
the question is still pending; then opens LINK on a phone-sized window, checks the question and its
buttons fit, clicks ACTION, waits for "You chose", and opens LINK again: the page says the link can
no longer answer. Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the
last line printed is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import json
import time
import sys
import urllib.request

from selenium.webdriver.common.by import By

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, shoot, start_browser, wait  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402


def body_text(driver):
    """The page's text, or "" while a navigation replaces the body under the reader."""
    try:
        return driver.find_element(By.TAG_NAME, "body").text
    except StaleElementReferenceException:
        return ""


def click_action(driver, action):
    """Clicks the button of ACTION once, from a script in the page. The button submits the form, and the page
    it navigates to takes the node away: a WebDriver click then reports "does not belong to the document"
    after the click went through, and clicking again would post a second answer. A script's click returns
    before the navigation starts, so it either ran (and is not repeated) or raised because the button it was
    given was already detached (then it is found again)."""
    for attempt in range(20):
        button = driver.find_element(By.CSS_SELECTOR, f"button[name=action][value='{action}']")
        try:
            driver.execute_script("arguments[0].click()", button)
            return
        except StaleElementReferenceException:
            if attempt == 19:
                raise
            time.sleep(0.1)


def pending(args):
    with urllib.request.urlopen(f"{args.url}/v1/presentations/{args.presentation}", timeout=10) as reply:
        return json.load(reply)["resolution"] is None


def link(args):
    with urllib.request.urlopen(args.link, timeout=10) as reply:
        check(reply.status == 200, "a scanner's GET of the link gets the page")
    check(pending(args), "after a scanner's GET the question is still pending")
    driver = start_browser(args, phone=True)
    try:
        driver.get(args.link)
        wait(driver, "the question's buttons", lambda d: len(d.find_elements(By.CSS_SELECTOR, "button[name=action]")) > 0)
        check(pending(args), "after the browser opened the link the question is still pending")
        widths = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        check(widths[0] <= widths[1], f"the page fits the phone's width ({widths})")
        shoot(driver, args, "link-phone.png")
        click_action(driver, args.action)
        wait(driver, "the answered page", lambda d: "You chose" in body_text(d))
        check(not pending(args), "the click answered the question")
        driver.get(args.link)
        wait(driver, "the used link's page", lambda d: "can no longer answer" in body_text(d))
        check(len(driver.find_elements(By.CSS_SELECTOR, "button")) == 0, "a used link offers no button")
        shoot(driver, args, "link-used.png")
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(page.run_scenario(link, ["presentation", "link", "action"], __doc__))
