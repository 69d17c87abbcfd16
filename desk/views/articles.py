"""The desk's articles: secretaries and administrators write them in Markdown, in the
site's language and the others the club offers, preview them in each (sanitised as on
the site, ``lib.markdown``), publish and unpublish them."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.models import Article
from club.roles import acting_user
from desk.access import get_article_for_secretary, secretary_required
from desk.forms.articles import ArticleForm
from desk.services.events import log_change
from lib.markdown import render as render_markdown


@secretary_required
@require_GET
def articles(request: HttpRequest) -> HttpResponse:
    listed = Article.objects.order_by("-published_at", "-pk")
    return render(request, "desk/articles/list.html", {"articles": listed, "now": timezone.now()})


@secretary_required
@require_http_methods(["GET", "POST"])
def article_form(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """Write or edit an article; a "preview" button (``preview=nl``: in Dutch) shows it as
    the site's pages in that language will, unsaved."""
    article = get_article_for_secretary(request, pk) if pk else None
    form = ArticleForm(request.POST if request.method == "POST" else None, instance=article)
    preview = body = None
    if request.method == "POST" and form.is_valid():
        if "preview" in request.POST:
            preview = form.preview(request.POST["preview"])
            body = mark_safe(render_markdown(preview.body))  # sanitised by nh3
        else:
            saved = form.save(commit=False)
            if saved.pk is None:
                saved.author = acting_user(request)
            with transaction.atomic():
                saved.save()
                log_change(acting_user(request), None, "article_saved", title=saved.title)
            messages.success(request, _("The article is saved."))
            return redirect("desk:article_edit", pk=saved.pk)
    context = {
        "form": form,
        "article": article,
        "preview": preview,
        "preview_body": body,
        "now": timezone.now(),
    }
    return render(request, "desk/articles/form.html", context)


@secretary_required
@require_POST
def article_publish(request: HttpRequest, pk: int) -> HttpResponse:
    """Publish the article now (``publish=1``) or take it off the site."""
    article = get_article_for_secretary(request, pk)
    publish = request.POST.get("publish") == "1"
    article.published_at = timezone.now() if publish else None
    with transaction.atomic():
        article.save(update_fields=["published_at"])
        action = "article_published" if publish else "article_unpublished"
        log_change(acting_user(request), None, action, title=article.title)
    if publish:
        messages.success(request, _("The article is published: the home page lists it."))
    else:
        messages.success(request, _("The article is no longer on the site."))
    return redirect("desk:article_edit", pk=article.pk)
