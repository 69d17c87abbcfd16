from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language

from club.desk.access import is_secretary


def site(request: HttpRequest) -> dict[str, object]:
    """The club's name, and the current page's address in every language (the language
    switch: French pages have no prefix, English ones start with /en/)."""
    current = get_language()
    query = f"?{request.GET.urlencode()}" if request.GET else ""
    languages = [
        {
            "code": code,
            "name": name,
            "url": translate_url(request.path, code) + query,
            "active": code == current,
        }
        for code, name in settings.LANGUAGES
    ]
    return {
        "club_name": settings.CLUB_NAME,
        "languages": languages,
        # the desk's menu for those the desk's access helper lets in
        "desk_menu": is_secretary(getattr(request, "user", AnonymousUser())),
    }
