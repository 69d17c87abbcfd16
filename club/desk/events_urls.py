"""URLs of the desk: events."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
