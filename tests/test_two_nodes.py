"""Two machines, played on this one (docs/operations.md, 12): two nodes, each a gunicorn
started by club-web.service's command on a port of its own and a task worker started by
club-worker.service's, all four on one PostgreSQL database and one Redis database (every
cache the processes share: ``CACHE_URL``), and nginx in front with both nodes in its
upstream as the docs set it (deploy/nginx/club.conf on a fresh server, as
tests/test_deploy_files.py runs it). Nothing of a node is shared with the other but the
database and Redis: each has its own folders.

It checks that a result saved through one node is on the other's public page at once (the
page cached there before), that a signed-in secretary is served by both nodes through
nginx (one session, one SECRET_KEY), that a replay whose task is handed to both workers
runs once, and that a worker killed (SIGKILL) in the middle of a replay is taken over by
the other worker, the ratings coming out as a replay in one process makes them.

The pause in the middle of a replay is no hook of the site's code: the test holds, from a
connection of its own, the lock of one current rating row, which the replay rewrites once
it has written the whole history (uncommitted); the worker waits there, its lease kept by
its thread, until it is killed. That row is first detached from its last batch (as a
replay leaves the rating of a player whose rows were all replayed away), so that the
replay's first write, which detaches the ratings from the batches it deletes, passes it
by. The workers take a replay silent for 2 s for interrupted (``REPLAY_STALL_SECONDS``)."""

import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import redis
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pytest_django import Settings

from club.models import Event, Game, Result
from desk.services import pairing, registration
from ratings.models import Rating, RatingBatch, RatingChange, RatingSystem, ReplayJob
from ratings.services import recalculate
from ratings.tasks import job_progress, replay_job, start_replay
from tests.club.factories import EventFactory, MemberFactory
from tests.other_processes import ROOT, caches_in_redis, environment, free_port
from tests.ratings.test_interrupted_replay import _history
from tests.test_deploy_files import (
    DEPLOY,
    NGINX,
    _nginx_steps,
    _on_a_fresh_server,
    _wait_for,
    collected_static,
)
from tests.test_settings import PRODUCTION
from tests.threads import rows_locked

__all__ = ["collected_static"]  # the fixture, shared with the tests of deploy/

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]
REDIS = "redis://127.0.0.1:6379/13"  # this test's own database of the Redis on 127.0.0.1
HOST = "your.site.name"  # the name docs/operations.md's step 7 gives nginx
STALL_SECONDS = 2
# the example addresses of the nodes in docs/operations.md's nginx upstream
DOCS_NODES = ("10.0.0.11:8000", "10.0.0.12:8000")


@dataclass
class Node:
    """A machine: its gunicorn on ``port`` and its task worker (``worker_id``)."""

    name: str
    port: int
    web: subprocess.Popen
    worker: subprocess.Popen
    access_log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def worker_id(self) -> str:
        return f"{self.name}-worker"


def _unit_command(unit: str) -> list[str]:
    text = (DEPLOY / "systemd" / unit).read_text()
    return shlex.split(re.findall(r"^ExecStart=(.+)$", text, re.MULTILINE)[0])


def _start_node(name: str, folder: Path, env: dict[str, str]) -> Node:
    """gunicorn by club-web.service's command, on a port of 127.0.0.1 rather than the
    socket systemd holds, its access log in ``folder``, one worker; the task worker by
    club-worker.service's command, named and polling every 0.1 s."""
    folder.mkdir()
    port, access_log = free_port(), folder / "access.log"
    web = _unit_command("club-web.service")
    web[0] = str(Path(sys.executable).with_name("gunicorn"))
    web[web.index("--access-logfile") + 1] = str(access_log)
    worker = _unit_command("club-worker.service")
    worker[0] = sys.executable
    env = {**env, "OFFICIAL_LISTS_DIR": str(folder / "official-lists"), "WEB_CONCURRENCY": "1"}
    return Node(
        name,
        port,
        subprocess.Popen(
            [*web, "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stderr=(folder / "web.log").open("w"),
        ),
        subprocess.Popen(
            [*worker, "--worker-id", f"{name}-worker", "--interval", "0.1", "--no-startup-delay"],
            cwd=ROOT,
            env=env,
            stderr=(folder / "worker.log").open("w"),
        ),
        access_log,
    )


@pytest.fixture
def two_nodes(
    tmp_path: Path, settings: Settings, collected_static: Path
) -> Iterator[tuple[Node, Node]]:
    """Nodes a and b, answering; this process shares their database and Redis."""
    store = redis.Redis.from_url(REDIS)
    store.flushdb()
    settings.SECRET_KEY = PRODUCTION["SECRET_KEY"]  # the nodes', which signs the sessions
    env = environment(
        DEBUG="0",
        SECRET_KEY=PRODUCTION["SECRET_KEY"],
        ALLOWED_HOSTS=HOST,
        STATIC_ROOT=str(collected_static),
        REPLAY_STALL_SECONDS=str(STALL_SECONDS),
        HEALTH_WORKER_SECONDS="2",  # the workers beat (and look for dead ones) twice a second
        **caches_in_redis(REDIS, settings),
    )
    nodes = (_start_node("a", tmp_path / "a", env), _start_node("b", tmp_path / "b", env))
    try:
        for node in nodes:
            health = node.base + "/health/"
            _wait_for(lambda health=health: _get(health), node.web, f"node {node.name}", 60)
            assert node.worker.poll() is None, f"node {node.name}'s worker stopped"
        yield nodes
    finally:
        for node in nodes:
            for process in (node.web, node.worker):
                process.terminate()
        for node in nodes:
            for process in (node.web, node.worker):
                process.wait(30)
        store.flushdb()


def _nodes_upstream(a: Node, b: Node) -> str:
    """docs/operations.md's upstream of two nodes, at the nodes' addresses here."""
    text = (ROOT / "docs" / "operations.md").read_text()
    section = text[text.index("\n## 12. ") :]
    start = section.index("```nginx\n") + len("```nginx\n")
    block = section[start : section.index("\n```", start) + 1]
    assert all(node in block for node in DOCS_NODES), block
    return block.replace(DOCS_NODES[0], f"127.0.0.1:{a.port}").replace(
        DOCS_NODES[1], f"127.0.0.1:{b.port}"
    )


@pytest.fixture
def front(tmp_path: Path, two_nodes: tuple[Node, Node]) -> Iterator[str]:
    """nginx on a fresh server as docs/operations.md installs it (step 7), the upstream of
    its site replaced by the docs' two nodes; changed for the test: a free port, and every
    request said to come by HTTPS (as once certbot has added TLS)."""
    site = "/etc/nginx/sites-available/club"
    conf = tmp_path / "club.conf"
    conf.write_text(
        re.sub(
            r"^upstream club_gunicorn \{.*?^\}\n",
            lambda _: _nodes_upstream(*two_nodes),
            (DEPLOY / "nginx" / "club.conf").read_text().replace("club.example.be", HOST),
            flags=re.MULTILINE | re.DOTALL,
        )
    )
    port = free_port()
    script = "\n".join(
        [
            *_nginx_steps()[:-1],
            f"cp {shlex.quote(str(conf))} {site}",
            f"sed -i -e 's/listen 80;/listen 127.0.0.1:{port};/' -e '/listen \\[::\\]:80;/d' "
            f"-e 's/X-Forwarded-Proto $scheme;/X-Forwarded-Proto https;/' {site}",
            "nginx -t -q",
            "exec nginx -g 'daemon off;'",
        ]
    )
    assert Path(NGINX).exists(), f"{NGINX} is missing: scripts/test.sh installs it"
    server = subprocess.Popen(_on_a_fresh_server(tmp_path, script), start_new_session=True)
    try:
        _wait_for(lambda: _get(f"http://127.0.0.1:{port}/health/"), server, "nginx", 30)
        yield f"http://127.0.0.1:{port}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(20)


def _request(
    url: str, data: dict[str, str] | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], str]:
    """As nginx passes it on: the site's name, by HTTPS."""
    request = urllib.request.Request(
        url,
        data=urllib.parse.urlencode(data).encode() if data is not None else None,
        headers={"Host": HOST, "X-Forwarded-Proto": "https", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as answer:
        return answer.code, dict(answer.headers), answer.read().decode()


def _get(url: str) -> str:
    status, _headers, body = _request(url)
    if status != 200:
        raise OSError(f"{url}: {status}")  # not answering yet, for _wait_for
    return body


def _cached(url: str) -> str:
    """The page, once its copy is served from the page cache (a page made just after a
    write is not kept: lib/page_cache.py's RACE_SECONDS)."""
    for _ in range(50):
        status, headers, body = _request(url)
        assert status == 200, url
        if headers.get("X-Page-Cache") == "hit":
            return body
        time.sleep(0.1)
    raise AssertionError(f"{url} is never served from the cache")


def _until(condition: Callable[[], Any], what: str, seconds: float = 30) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s: {what}")


def _signed_in(secretary: User) -> dict[str, str]:
    """The headers of the secretary's requests: session (in the database and Redis, as
    the nodes read it) and CSRF cookies, and the Origin of a form of the site."""
    client = Client()
    client.force_login(secretary)
    token = "c" * 32
    return {
        "Cookie": f"sessionid={client.cookies['sessionid'].value}; csrftoken={token}",
        "Origin": f"https://{HOST}",
        "X-CSRFToken": token,
    }


def _tonight(secretary: User) -> Game:
    """A round robin of four members tonight, paired: a board of its first round."""
    now = timezone.now()
    event = EventFactory(
        title="Rapide des deux machines",
        kind=Event.Kind.RAPID,
        system=Event.System.ROUND_ROBIN,
        start=now - timedelta(hours=1),
        end=now + timedelta(hours=3),
    )
    for name in ["Martin", "Dubois", "Lambert", "Peeters"]:
        member = MemberFactory(player__last_name=name)
        registration.register(event.pk, member.player.pk, secretary)
    pairing.pair_round_robin(event.pk, secretary)
    game = Game.objects.select_related("white", "black").filter(round__event=event).first()
    assert game is not None
    return game


def _history_of(system: RatingSystem) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every row of ``system``'s history without its keys (which each replay makes anew),
    and every current rating: what two replays of the same games must give alike."""
    changes = RatingChange.objects.filter(batch__system=system).values_list(
        "player_id", "batch__day", "batch__order", "rating_before", "rating_after", "k"
    )
    ratings = Rating.objects.filter(system=system).values_list(
        "player_id", "rating", "games", "status"
    )
    return sorted(changes), sorted(ratings)


def _tasks_of(job: ReplayJob) -> Any:
    return DBTaskResult.objects.filter(args_kwargs__args=[job.pk])


def test_two_nodes_share_pages_and_sessions_and_run_each_replay_once_even_if_a_worker_dies(
    two_nodes: tuple[Node, Node], front: str, secretary: User, club_system: RatingSystem
) -> None:
    a, b = two_nodes
    signed_in = _signed_in(secretary)

    # a result saved through node a is on node b's page at once, which b had cached
    game = _tonight(secretary)
    page = reverse("member", args=[game.white.membership.pk])
    before = {node.name: _cached(node.base + page) for node in (a, b)}
    assert all(game.black.last_name not in body for body in before.values())
    status, _headers, _body = _request(
        a.base + reverse("desk:save_result", args=[game.pk]),
        {"result": "1", "version": str(game.version)},
        {**signed_in, "HX-Request": "true"},
    )
    assert status == 200
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS
    status, headers, body = _request(b.base + page)
    assert status == 200 and headers.get("X-Page-Cache") != "hit"
    assert game.black.last_name in body
    # and on node a, made afresh or the copy b has just made (the cache is one)
    assert game.black.last_name in _request(a.base + page)[2]

    # through nginx, the signed-in secretary is served by both nodes, one after the other
    desk = reverse("desk:events")
    answers = [_request(front + desk, headers=signed_in) for _ in range(4)]
    assert [(status, headers["X-Proxy-Cache"]) for status, headers, _ in answers] == [
        (200, "BYPASS")
    ] * 4
    assert all("Rapide des deux machines" in body for _, _, body in answers)
    logs = {node.name: node.access_log for node in (a, b)}
    _until(
        lambda: all(f"GET {desk} " in log.read_text() for log in logs.values()),
        "both nodes served the desk",
        10,
    )

    # a replay whose task reaches both workers runs once: the second finds it taken and
    # leaves it at once, while the first waits for the system's lock (held here)
    _history(30)
    recalculate(club_system)  # the replay in one process: the figures to come out again
    reference = _history_of(club_system)
    last_batch = RatingBatch.objects.order_by("-pk").values_list("pk", flat=True)[0]
    job = ReplayJob.objects.create(system=club_system)  # queued below, twice
    with rows_locked(RatingSystem.objects.filter(pk=club_system.pk)):
        replay_job.enqueue(job.pk)
        replay_job.enqueue(job.pk)
        _until(
            lambda: (
                sorted(_tasks_of(job).values_list("status", flat=True)) == ["RUNNING", "SUCCESSFUL"]
            ),
            "one worker waits for the lock, the other has left the job",
        )
    _until(lambda: ReplayJob.objects.get(pk=job.pk).state == ReplayJob.State.DONE, "replayed")
    assert sorted(ids for (ids,) in _tasks_of(job).values_list("worker_ids")) == [
        [a.worker_id],
        [b.worker_id],
    ]
    assert _history_of(club_system) == reference
    batches = list(RatingBatch.objects.order_by("pk").values_list("pk", flat=True))
    assert batches == list(range(last_batch + 1, last_batch + 1 + len(batches)))  # written once

    # a worker killed in the middle of a replay: the other takes it over
    club_system.params = {**club_system.params, "k": 32}
    club_system.save()
    paused = Rating.objects.filter(system=club_system).order_by("player_id").first()
    assert paused is not None
    Rating.objects.filter(pk=paused.pk).update(last_batch=None)
    with rows_locked(Rating.objects.filter(pk=paused.pk)):
        job = start_replay(club_system)

        def written() -> bool:
            done, total = job_progress(job)
            return done == total > 0

        _until(written, "the replay has written its history and waits for the rating row")
        [(worker,)] = _tasks_of(job).values_list("worker_ids")
        victim, survivor = (a, b) if worker == [a.worker_id] else (b, a)
        assert worker == [victim.worker_id]
        victim.worker.send_signal(signal.SIGKILL)
        victim.worker.wait(10)
        assert _history_of(club_system) == reference  # nothing of it committed
    restarted = _until(
        lambda: ReplayJob.objects.filter(pk=job.pk, restarted_as__isnull=False).first(),
        "the replay taken over",
        STALL_SECONDS + 20,
    )
    assert restarted.state == ReplayJob.State.FAILED
    assert restarted.error.endswith(f" {restarted.restarted_as_id}")  # restarted as …
    again = _until(
        lambda: ReplayJob.objects.filter(
            pk=restarted.restarted_as_id, state=ReplayJob.State.DONE
        ).first(),
        "the replay done again",
    )
    assert [ids for (ids,) in _tasks_of(again).values_list("worker_ids")] == [[survivor.worker_id]]
    taken_over = _history_of(club_system)
    assert taken_over != reference  # K 32: other figures
    recalculate(club_system)
    assert _history_of(club_system) == taken_over
