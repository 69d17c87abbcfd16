from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from lib.health import health

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/ratings/", include("ratings.urls_api")),
    path("health/", health, name="health"),
]

urlpatterns += i18n_patterns(
    path("", include("public.urls")),
    path("comptes/", include("django.contrib.auth.urls")),
    path("secretariat/", include("desk.urls")),
    path("", include("interclub.urls")),
    path("", include("ratings.urls")),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)

handler500 = "public.views.errors.server_error"
