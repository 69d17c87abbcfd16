from django.urls import path

from ratings.views import admin as views_admin
from ratings.views import calculator as views
from ratings.views import lists as views_lists

app_name = "ratings"

urlpatterns = [
    path("calculette/", views.calculator, name="calculator"),
    path("classements/recalcul/", views.recalculation, name="recalculation"),
    path("classements/recalcul/<int:pk>/", views.job, name="job"),
    path("classements/recalcul/<int:pk>/relancer/", views.restart, name="restart"),
    path("classements/systemes/", views_admin.systems, name="systems"),
    path("classements/systemes/federation/", views_admin.national, name="national"),
    path("classements/systemes/<int:pk>/", views_admin.system, name="system"),
    path("classements/systemes/<int:pk>/apercu/", views_admin.system_preview, name="preview"),
    path("classements/systemes/<int:pk>/reglement/", views_admin.system_defaults, name="defaults"),
    path("classements/systemes/<int:pk>/appliquer/", views_admin.system_apply, name="apply"),
    path("classements/systemes/<int:pk>/ajustement/", views_admin.add_adjustment, name="adjust"),
    path(
        "classements/systemes/<int:pk>/ajustement-publie/",
        views_admin.switch_published,
        name="switch_published",
    ),
    path("classements/listes/", views_lists.official_lists, name="official_lists"),
    path("classements/listes/<int:pk>/", views_lists.official_list, name="official_list"),
    path(
        "classements/listes/<int:pk>/relancer/",
        views_lists.restart_official_list,
        name="restart_official_list",
    ),
    path(
        "classements/listes/<int:pk>/annuler/",
        views_lists.cancel_official_list,
        name="cancel_official_list",
    ),
    path("classements/modifications/<int:pk>/annuler/", views_admin.revert, name="revert"),
]
