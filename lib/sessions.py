"""Django's database sessions, read by a query compiled once.

Every signed-in request reads its session first (fifty secretaries saving results at
once ask for it at each save): Django's store builds and compiles that query each time.
This store reads the session by its key through a ``CompiledQuery`` and then checks its
expiry date in Python, which is what Django's query does in SQL (``expire_date >
now``): a session past its date is not found, as before. Everything else (writing,
rotating, flushing, clearing expired sessions) is Django's, and so is the asynchronous
read, which the site (served by WSGI) never makes."""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from lib.compiled import CompiledQuery

_SESSION = CompiledQuery(lambda key: Session.objects.filter(session_key=key))


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Any:
        found = _SESSION.objects(self.session_key) if self.session_key else []
        if found and found[0].expire_date > timezone.now():
            return found[0]
        self._session_key = None
        return None
