"""URLs of the desk: files."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
