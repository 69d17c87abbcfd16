"""Accounts in ``/admin/``: Django's own user admin, which never leaves the site without an
administrator (``club.administrators``): unticking the last active superuser's
superuser or active flag is refused with a message on the form, and deleting them (one
by one or with the list's action) with a message. Each check locks the administrators'
rows inside the admin's transaction, so two administrators at once are taken in turn."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.actions import delete_selected
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy

from club.admin_labels import NamesDateAndTimeBoxes
from club.administrators import check_keeps_an_administrator, check_keeps_one_of
from club.exceptions import DeskError


class AdministratorKeepingForm(UserChangeForm):
    """The account's form, refused when it would leave no administrator. The admin
    validates and saves in one transaction: the lock taken here holds until the save."""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.instance.pk is not None:
            try:
                check_keeps_an_administrator(
                    self.instance,
                    superuser=cleaned.get("is_superuser", self.instance.is_superuser),
                    active=cleaned.get("is_active", self.instance.is_active),
                )
            except DeskError as error:
                raise forms.ValidationError(str(error)) from None
        return cleaned


# Django's own words, translated by Django's catalogue (not copied into the site's)
DJANGO_DELETE_SELECTED = "Delete selected %(verbose_name_plural)s"


@admin.action(permissions=["delete"], description=gettext_lazy(DJANGO_DELETE_SELECTED))
def delete_keeping_an_administrator(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Any]
) -> HttpResponse | None:
    """Django's "delete selected", refused when the selection holds every administrator."""
    with transaction.atomic():
        try:
            check_keeps_one_of(list(queryset))
        except DeskError as error:
            modeladmin.message_user(request, str(error), messages.ERROR)
            return None
        response: HttpResponse | None = delete_selected(modeladmin, request, queryset)
        return response


class AccountAdmin(NamesDateAndTimeBoxes, UserAdmin):
    form = AdministratorKeepingForm
    # two plain lists: Django's filtering widget names its search icons with a
    # prohibited aria-label (axe-core: aria-prohibited-attr)
    filter_horizontal = ()
    actions = [delete_keeping_an_administrator]

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        found = super().get_actions(request)
        found.pop("delete_selected", None)  # the site-wide one: replaced above
        return found

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """Deleting the last administrator: refused with a message, back on their form."""
        with transaction.atomic():
            account = User.objects.filter(pk=object_id).first()
            if account is not None:
                try:
                    check_keeps_an_administrator(
                        account, superuser=account.is_superuser, active=True, deleted=True
                    )
                except DeskError as error:
                    self.message_user(request, str(error), messages.ERROR)
                    return redirect(reverse("admin:auth_user_change", args=[account.pk]))
            return super().delete_view(request, object_id, extra_context)


class PlainGroupAdmin(GroupAdmin):
    filter_horizontal = ()  # as the accounts' lists


admin.site.unregister(User)
admin.site.register(User, AccountAdmin)
admin.site.unregister(Group)
admin.site.register(Group, PlainGroupAdmin)
