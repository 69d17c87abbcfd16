from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path

from lib.health import health
from public import accounts
from public.views.site import favicon

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/ratings/", include("ratings.urls_api")),
    path("health/", health, name="health"),
    # browsers ask for /favicon.ico whatever the page says: sent to the club's icon
    path("favicon.ico", favicon, name="favicon"),
]

urlpatterns += i18n_patterns(
    path("", include("public.urls")),
    # before Django's own: asking for a password (limited, answered by a background task),
    # signing in with the username held to its length
    path("comptes/password_reset/", accounts.PasswordResetView.as_view(), name="password_reset"),
    path(
        "comptes/login/",
        auth_views.LoginView.as_view(authentication_form=accounts.LoginForm),
        name="login",
    ),
    path("comptes/", include("django.contrib.auth.urls")),
    path("secretariat/", include("desk.urls")),
    path("", include("interclub.urls")),
    path("", include("ratings.urls")),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)

handler400 = "public.views.errors.bad_request"
handler500 = "public.views.errors.server_error"
