"""Articles, links, the contact form, and a member's own space."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from club import pages
from club.models import Article, Member
from lib import page_cache
from lib.mail_tasks import send_mail_later
from lib.markdown import render as render_markdown
from lib.rate_limits import client_of, one_more
from public.forms import ContactForm, OwnDataForm
from ratings.history import member_history

CONTACTS_PER_HOUR = 3


@require_safe
def articles(request: HttpRequest) -> HttpResponse:
    page_cache.shows(pages.ARTICLES)
    return render(request, "club/articles.html", {"articles": Article.objects.published()})


@require_safe
def article(request: HttpRequest, slug: str) -> HttpResponse:
    page_cache.shows(pages.ARTICLES)
    item = get_object_or_404(Article.objects.published(), slug=slug)
    language = get_language()
    body = render_markdown(item.text_in("body", language))
    context = {
        "article": item,
        "title": item.text_in("title", language),
        "title_language": item.language_of("title", language),
        "body": mark_safe(body),  # sanitised by nh3 in lib.markdown
        "body_language": item.language_of("body", language),
    }
    return render(request, "club/article.html", context)


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers ask for whatever the page links: the club's icon
    (a pawn in the club's colours, ``static/club/favicon.svg``)."""
    return redirect(static("club/favicon.svg"), permanent=True)


@require_safe
def links(request: HttpRequest) -> HttpResponse:
    page_cache.shows(pages.SITE)
    return render(request, "club/links.html")


def _one_more_message(request: HttpRequest) -> bool:
    """Count a message from this client (the address behind the proxies) in the cache the
    workers share; False when it has sent ``CONTACTS_PER_HOUR`` within the hour."""
    return one_more("contact", client_of(request), CONTACTS_PER_HOUR, 3600)


@require_http_methods(["GET", "HEAD", "POST"])
def contact(request: HttpRequest) -> HttpResponse:
    """A message to the club, by e-mail; robots (honeypot) and floods (a few messages an
    hour from one address) are turned away."""
    form = ContactForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not _one_more_message(request):
            form.add_error(None, _("Too many messages from your address: try again in an hour."))
        else:
            if not form.is_spam():
                data = form.cleaned_data
                send_mail_later(
                    subject=_("Message from %(name)s") % {"name": data["name"]},
                    message=f"{data['message']}\n\n-- \n{data['name']} <{data['email']}>",
                    from_email=settings.DEFAULT_FROM_EMAIL,
                    recipient_list=[settings.CLUB_EMAIL],
                    # the club answers the sender (an address the form's EmailField checked)
                    reply_to=[data["email"]],
                )
            messages.success(request, _("Thank you: your message has been sent to the club."))
            return redirect("contact")
    return render(request, "club/contact.html", {"form": form})


def _own_member(request: HttpRequest) -> Member:
    """The member behind the logged-in account: the one access helper of the space."""
    assert request.user.pk is not None  # login_required
    member = Member.objects.select_related("player").filter(user_id=request.user.pk).first()
    if member is None:
        raise Http404(_("Your account is not linked to a member of the club."))
    return member


@login_required
@require_POST
def renew_calendar_token(request: HttpRequest) -> HttpResponse:
    """A new secret address for the member's calendar feed; the old one stops answering."""
    member = _own_member(request)
    member.calendar_token = uuid.uuid4()
    member.save(update_fields=["calendar_token"])
    messages.success(request, _("Your calendar has a new address: the old one no longer works."))
    return redirect("my_space")


@login_required
@require_http_methods(["GET", "POST"])
def my_space(request: HttpRequest) -> HttpResponse:
    member = _own_member(request)
    form = OwnDataForm(request.POST if request.method == "POST" else None, instance=member)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your data are saved."))
        return redirect("my_space")
    feed = request.build_absolute_uri(reverse("member_feed", args=[member.calendar_token]))
    context = {
        "member": member,
        "form": form,
        "feed": feed,
        # the same address for calendar applications: a click subscribes (RFC 5545 feeds
        # by the webcal scheme, which Apple's, Google's and Thunderbird's calendars open)
        "subscribe": "webcal://" + feed.split("://", 1)[1],
        **member_history(member, timezone.localdate()),
    }
    return render(request, "club/my_space.html", context)
