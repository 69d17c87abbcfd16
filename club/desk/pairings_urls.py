"""URLs of the desk: pairings."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
