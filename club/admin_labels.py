"""Django's admin shows a date and time as two boxes (``AdminSplitDateTime``) under the
field's one label, which names neither box (a multi-widget has no ``for`` target): each
box is given its own accessible name, the field's with "date" or "time"."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin import widgets
from django.db import models
from django.http import HttpRequest
from django.utils.text import capfirst
from django.utils.translation import gettext as _


class NamesDateAndTimeBoxes:
    """For a ``ModelAdmin`` or an inline: the date and time boxes each named."""

    def formfield_for_dbfield(
        self, db_field: models.Field[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> forms.Field | None:
        field: forms.Field | None = super().formfield_for_dbfield(  # type: ignore[misc]
            db_field, request, **kwargs
        )
        if field is not None and isinstance(field.widget, widgets.AdminSplitDateTime):
            label = capfirst(str(db_field.verbose_name))
            date, time = field.widget.widgets
            date.attrs["aria-label"] = _("%(field)s: date") % {"field": label}
            time.attrs["aria-label"] = _("%(field)s: time") % {"field": label}
        return field
