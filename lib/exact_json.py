"""Django's JSON serializer, with times exact to the microsecond.

Django's encoder (DjangoJSONEncoder) writes a datetime or a time to the millisecond
(ECMA-262's format), so that ``dumpdata`` then ``loaddata`` moves every timestamp by up to
999 microseconds: a backup that comes back different. This serializer writes them in full
ISO 8601 (``2026-11-22T19:30:05.123456+00:00``), which Django's JSON deserializer reads as
it is; everything else is written as by Django's. Registered as ``exact-json`` by
lib/backup.py."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.serializers.json import Deserializer as JSONDeserializer
from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.json import Serializer as JSONSerializer

__all__ = ["Deserializer", "ExactJSONEncoder", "Serializer"]

Deserializer = JSONDeserializer


class ExactJSONEncoder(DjangoJSONEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


class Serializer(JSONSerializer):
    def serialize(self, queryset: Any, **options: Any) -> Any:
        options.setdefault("cls", ExactJSONEncoder)
        return super().serialize(queryset, **options)
