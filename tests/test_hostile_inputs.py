"""Every form and every query parameter of the site given hostile values, as each role:
never a server error.

The walk is generated, not listed: for each page of the access matrix a role may open, the
page is fetched, its forms are read from the HTML (each field's name, the file inputs, the
address they post to) and so are the query parameters its links and search forms use; each
form is then posted with every field set to each hostile value, and the page fetched with
each of its parameters set to each. The JSON API gets every parameter of every system in
the wrong JSON types. A new form or parameter is walked without being named here."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterator
from datetime import date
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from lib.page_cache import QUERY_PARAMETERS
from ratings import rules
from tests import test_access_matrix
from tests.test_access_matrix import MATRIX, ROLES, Site, _allowed, _url

pytestmark = pytest.mark.django_db

# the access matrix's users, URL arguments and demonstration club, built once for the module
site_built_once = test_access_matrix.site_built_once
site = test_access_matrix.site

HOSTILE = [
    "-1",
    str(10**20),
    "²",
    "\x00",
    "a\r\nb",
    "é" * 10_000,
    "9999-12-31",
    "0001-01-01T00:00",
    "31/12/9999",
    "null",
    '{"k_to_100": null}',
    "[]",
]
# Query parameters tried on every page besides those its own links and forms use: the
# public pages' (lib.page_cache) and the desk's tables'.
COMMON_PARAMETERS = sorted(QUERY_PARAMETERS)
# Pages the walk leaves alone: signing out ends the role's session.
SKIPPED = {"logout"}
LOGOUT = reverse("logout")


@dataclasses.dataclass
class Form:
    action: str
    method: str
    fields: set[str] = dataclasses.field(default_factory=set)
    files: set[str] = dataclasses.field(default_factory=set)


class PageReader(HTMLParser):
    """The forms of a page (their fields and where they go) and the query parameters of its
    links to itself."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.forms: list[Form] = []
        self.parameters: set[str] = set()
        self.current: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "form":
            action = found.get("action") or found.get("hx-post") or self.url
            self.current = Form(urlsplit(action).path or self.url, found.get("method", "get"))
            self.forms.append(self.current)
        elif tag in ("input", "select", "textarea", "button") and found.get("name"):
            form = self.current
            if form is None and "hx-post" in found:
                form = Form(found["hx-post"], "post")
                self.forms.append(form)
            if form is not None:
                (form.files if found.get("type") == "file" else form.fields).add(found["name"])
        elif tag == "a" and "?" in found.get("href", ""):
            link = urlsplit(found["href"])
            if link.path in ("", self.url):
                self.parameters.update(name for name, _ in parse_qsl(link.query))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None


def _read(url: str, html: str) -> PageReader:
    reader = PageReader(url)
    reader.feed(html)
    for form in reader.forms:
        if form.method.lower() == "get":
            reader.parameters.update(form.fields)
    return reader


def _posted(form: Form, value: str) -> dict[str, Any]:
    data: dict[str, Any] = {name: value for name in form.fields}
    for name in form.files:
        data[name] = SimpleUploadedFile("hostile.csv", value.encode(), "text/csv")
    return data


# Who walks a page with every hostile value: the least privileged role that may use it,
# and the administrator for the forms and parameters no role walked in full before (an
# administrator's pages show the most forms); the other roles that may use it post its
# forms once with each hostile value, and those that may not are turned away with hostile
# values.
FIRST_ROLE = {"all": "anonymous", "login": "member", "secretary": "secretary", "admin": "admin"}
# Values the forms get from the roles that do not walk them in full.
HOSTILE_FEW = ["²", "a\r\nb", "9999-12-31"]
# Values the query parameters get (NUL and overlong values are refused before any view).
HOSTILE_QUERIES = ["-1", str(10**20), "²", "\x00", "a\r\nb", "x" * 1001, "9999-12", "null"]


# How many tests share each role's walk, so that the suite's workers share the longest: the
# hostile requests of each page's parameters, and those of each form, go to the parts in
# turn.
PARTS = {"anonymous": 1, "member": 1, "secretary": 4, "staff_secretary": 1, "admin": 1}
# The fields and parameters each role's walk must find (among them: the contact form, the
# event's and its rounds', a reason, the parameters' overrides, an interclub line-up, the
# calculator, a rating system's parameters (the club's), the CSV upload).
PUBLIC_FORMS = {"message", "opponent_0", "reason", "overrides"}
DESK_FORMS = {"message", "opponent_0", "reason", "start", "round-0-starts_at", "player-1", "file"}
FOUND = {
    "anonymous": PUBLIC_FORMS,
    "member": PUBLIC_FORMS,
    "secretary": DESK_FORMS | {"overrides"},
    "staff_secretary": DESK_FORMS | {"overrides"},
    "admin": DESK_FORMS | {"p-difference_cap", "p-expected_table"},
}
Walked = set[tuple[str, frozenset[str]]]


def _walk(
    client: Client,
    role: str,
    site: Site,
    in_full: Walked,
    found: set[str],
    part: int = 0,
    parts: int = 1,
    hostile: bool = True,
) -> Iterator[tuple[str, int]]:
    """Every page read (and its query parameters tried) first, then every form posted: the
    forms found do not depend on what an earlier post changed (an event cancelled).
    ``in_full``: the forms and pages' parameters walked with every value by the roles
    before, to which this role adds its own; ``found``: the fields of the forms and the
    parameters of the pages walked. Each part reads every page; the hostile requests of
    each page's parameters and of each form are sent by one part, in turn (``part`` of
    ``parts``); none without ``hostile`` (the pages read, ``in_full`` filled)."""
    users, args, event = site
    seen: Walked = set()  # a form on many pages is posted once
    posts: list[tuple[list[str], Form]] = []
    dealt = itertools.count()

    def ours() -> bool:
        return hostile and next(dealt) % parts == part

    for name, (get_policy, post_policy) in MATRIX.items():
        if name in SKIPPED or name.startswith("ratings_api:"):
            continue
        url = _url(name, args, event)
        forms: list[Form] = []
        parameters = set(COMMON_PARAMETERS)
        may_get = get_policy != "-" and _allowed(get_policy, role)
        may_post = post_policy != "-" and _allowed(post_policy, role)
        first = role in (FIRST_ROLE.get(get_policy), FIRST_ROLE.get(post_policy))
        if may_get:
            response = client.get(url)
            yield f"GET {url}", response.status_code
            if response.status_code == 200 and "html" in response.get("Content-Type", ""):
                page = _read(url, response.content.decode())
                forms = [f for f in page.forms if f.method.lower() == "post"]
                forms = [f for f in forms if f.action != LOGOUT]
                parameters |= page.parameters
        if not (may_get or may_post):
            if hostile:
                refused = client.get(url, {"page": "²", "q": "a\r\nb"})
                yield f"GET {url} (refused)", refused.status_code
            forms = [Form(url, "post", {"reason", "member", "overrides"})]
        elif not forms and may_post:
            forms = [Form(url, "post")]
        forms = [f for f in forms if (f.action, frozenset(f.fields)) not in seen]
        seen.update((f.action, frozenset(f.fields)) for f in forms)
        queried = (url, frozenset(parameters))
        query_in_full = may_get and (first or (role == "admin" and queried not in in_full))
        if query_in_full:
            in_full.add(queried)
            found |= parameters
        for value in HOSTILE_QUERIES if query_in_full and ours() else []:
            response = client.get(url, {p: value for p in parameters})
            yield f"GET {url} {sorted(parameters)}={value[:20]!r}", response.status_code
        for form in forms:
            key = (form.action, frozenset(form.fields))
            full = may_post and (first or (role == "admin" and key not in in_full))
            if full:
                in_full.add(key)
            posts.append((HOSTILE if full else HOSTILE_FEW, form))
            found |= form.fields | form.files
    for values, form in posts:
        for value in values if ours() else []:
            response = client.post(form.action, _posted(form, value))
            yield (
                f"POST {form.action} {sorted(form.fields | form.files)}={value[:20]!r}",
                response.status_code,
            )
            if role != "anonymous":
                client.force_login(users[role])


def _client(role: str, site: Site) -> Client:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(site[0][role])
    return client


def _walked_in_full_before(role: str, site: Site) -> Walked:
    """The forms and pages' parameters that the roles before ``role`` walk with every
    value (read by the administrator's walk alone): the walks of those that are the first
    to use some pages, the pages read, no hostile value sent."""
    in_full: Walked = set()
    if role == "admin":
        for earlier in ROLES[: ROLES.index(role)]:
            if earlier in FIRST_ROLE.values():
                for _ in _walk(
                    _client(earlier, site), earlier, site, in_full, set(), hostile=False
                ):
                    pass
    return in_full


@pytest.mark.parametrize(
    ("role", "part"), [(role, part) for role in ROLES for part in range(PARTS[role])]
)
def test_it_answers_every_hostile_form_and_parameter_without_a_server_error(
    site: Site, role: str, part: int
) -> None:
    """Each role's walk (its part of it) on the demonstration club as built, the forms and
    parameters the roles before it walked in full known (as if they had walked first)."""
    in_full = _walked_in_full_before(role, site)
    found: set[str] = set()
    client = _client(role, site)
    walked = list(_walk(client, role, site, in_full, found, part, PARTS[role]))
    failures = [f"{role}: {where}" for where, status in walked if status >= 500]
    assert not failures, "\n".join(failures)
    # the walk found the forms
    assert FOUND[role] <= found, FOUND[role] - found


WRONG_JSON: list[Any] = [None, [], {}, "x", 10**20, -1, True, "²", "\x00", "9999-12-31"]


@pytest.mark.parametrize("key", list(rules.SYSTEMS))
def test_it_answers_every_wrong_json_type_in_the_api_with_a_400(
    client: Client, settings: Settings, key: str
) -> None:
    """Each parameter of each system (a test a system), and each field of the request, in
    every wrong JSON type: an answer (null where a parameter may be empty) or a 400 naming
    the field."""
    settings.CALCULATOR_API_PER_MINUTE = 1_000_000  # hundreds of requests from one address
    url = "/api/ratings/calculate"
    base: dict[str, Any] = {
        "games": [{"opponent": 1500, "score": 1}],
        "player": {"rating": 1500, "games": 30},
    }
    failures = []
    params = rules.params_on(key, date(2026, 1, 1))
    for spec in dataclasses.fields(params):
        for value in WRONG_JSON:
            body = {**base, "system": key, "params": {spec.name: value}}
            response = client.post(url, json.dumps(body), content_type="application/json")
            if response.status_code not in (200, 400):
                failures.append(f"{key}.{spec.name}={value!r}: {response.status_code}")
            elif response.status_code == 400:
                assert response.json()["field"] == f"params.{spec.name}"
            elif value is None:
                assert "None" in str(spec.type), f"{key}.{spec.name} took null"
    for field in ("date", "rounds", "match", "player", "games", "params"):
        for value in WRONG_JSON:
            body = {**base, "system": key, field: value}
            response = client.post(url, json.dumps(body), content_type="application/json")
            if response.status_code not in (200, 400):
                failures.append(f"{key} {field}={value!r}: {response.status_code}")
    assert not failures, "\n".join(failures)
