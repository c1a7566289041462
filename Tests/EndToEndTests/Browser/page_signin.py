#!/usr/bin/python3
"""Signing in to a gateway with tokens, in headless Chromium (Selenium; Debian chromium,
chromium-driver, python3-selenium). Run by Tests/EndToEndTests/BrowserSignInTests.swift with /usr/bin/python3.

  page_signin.py --url URL --screenshots DIR --presentation ID --token TOKEN --name NAME

The gateway has tokens; --token is NAME's (read and answer), and --presentation waits. Checks: the page
opens on the sign-in prompt, focused, saying "Not signed in", with no error and no "Offline"; a wrong
token is refused in words; --token shows the question and "Signed in as NAME" with Sign out, and is
kept across a reload; Sign out brings the prompt back and forgets the token. The prompt and the
signed-in page meet WCAG AA contrast in light and dark, and on a phone the signed-in header fits.

Exit status: 0 passed, 1 a check failed, 3 the browser could not be started; the last line printed
is a JSON summary. Every wait is bounded; the whole run gives up after 80 s.
"""
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import answer_in_page as page  # noqa: E402
from answer_in_page import check, shoot, start_browser, wait  # noqa: E402


CONTRAST = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "contrast.js")).read()


def contrast(driver, where):
    """Every text meets WCAG AA (4.5:1), in light and in dark."""
    for scheme in ["light", "dark"]:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        result = driver.execute_script(CONTRAST)
        page.summary.setdefault("contrast", {})[f"{scheme} {where}"] = result["min"]
        check(result["count"] > 0 and result["min"] >= 4.5, f"{scheme} {where}: every text has at least 4.5:1 contrast ({result['texts']})")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def phone(args):
    """On a phone-sized window the signed-in header reflows: nothing is wider than the window."""
    driver = start_browser(args, phone=True)
    try:
        driver.get(args.url)
        driver.find_element(By.ID, "token-input").send_keys(args.token + Keys.ENTER)
        signed_in(driver, args, "on a phone")
        widths = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth, document.getElementById('sign-out').getBoundingClientRect().right]")
        check(widths[0] <= widths[1] and widths[2] <= widths[1], f"the header fits the phone's width ({widths})")
        shoot(driver, args, "signin-phone.png")
    finally:
        driver.quit()


def shown(driver, id):
    return driver.execute_script("const n = document.getElementById(arguments[0]); return Boolean(n && n.offsetParent !== null)", id)


def prompt(driver, what):
    wait(driver, f"the sign-in prompt ({what})", lambda d: shown(d, "token-form") and d.find_element(By.ID, "live").text == "Not signed in")
    heading = driver.find_element(By.ID, "token-heading").get_attribute("textContent")
    check(heading == "Sign in", f"the prompt is headed Sign in ({heading!r})")
    check(not shown(driver, "pending-panel") and not shown(driver, "jobs-panel"), f"{what}: only the prompt is shown")
    problems = driver.execute_script("return [...document.querySelectorAll('.problem')].filter((n) => n.offsetParent !== null && n.id !== 'token-error').map((n) => n.textContent)")
    check(not problems, f"{what}: no error on the page ({problems})")
    body = driver.find_element(By.TAG_NAME, "body").text
    check("401" not in body and "Offline" not in body, f"{what}: no raw 401 and no Offline ({body!r})")
    check(page.driver_focus(driver) == "token-input", f"{what}: the token field has focus")


def signed_in(driver, args, what):
    wait(driver, f"the question ({what})", lambda d: d.find_elements(By.CSS_SELECTOR, f'#pending-list button.open[data-presentation="{args.presentation}"]'))
    who = wait(driver, "who is signed in", lambda d: shown(d, "who") and d.find_element(By.ID, "who").text)
    check(f"Signed in as {args.name}" in who and "Sign out" in who, f"{what}: the header names who is signed in, with Sign out ({who!r})")
    check(not shown(driver, "token-form"), f"{what}: the prompt is gone")


def signin(args):
    driver = start_browser(args)
    try:
        driver.get(args.url)
        prompt(driver, "on load")
        contrast(driver, "prompt")
        shoot(driver, args, "signin-prompt.png")
        driver.switch_to.active_element.send_keys("not-a-token" + Keys.ENTER)
        refusal = wait(driver, "the refusal", lambda d: shown(d, "token-error") and d.find_element(By.ID, "token-error").text)
        check("not accepted" in refusal, f"a wrong token is refused in words ({refusal!r})")
        box = driver.find_element(By.ID, "token-input")
        box.clear()
        box.send_keys(args.token + Keys.ENTER)
        signed_in(driver, args, "after signing in")
        contrast(driver, "signed-in page")
        shoot(driver, args, "signin-signed-in.png")
        driver.refresh()
        signed_in(driver, args, "after a reload")
        page.click(driver, "Sign out", "#sign-out")
        prompt(driver, "after signing out")
        check(driver.execute_script("return localStorage.getItem('interlude.token')") is None, "the token is forgotten")
        driver.refresh()
        prompt(driver, "after signing out and reloading")
        page.no_csp_violations(driver)
    finally:
        driver.quit()
    phone(args)


if __name__ == "__main__":
    sys.exit(page.run_scenario(signin, ["presentation", "token", "name"], __doc__))
