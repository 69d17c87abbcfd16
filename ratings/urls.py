from django.urls import path

from ratings import admin_views, views

app_name = "ratings"

urlpatterns = [
    path("calculette/", views.calculator, name="calculator"),
    path("classements/recalcul/", views.recalculation, name="recalculation"),
    path("classements/recalcul/<int:pk>/", views.job, name="job"),
    path("classements/recalcul/<int:pk>/relancer/", views.restart, name="restart"),
    path("classements/systemes/", admin_views.systems, name="systems"),
    path("classements/systemes/federation/", admin_views.national, name="national"),
    path("classements/systemes/<int:pk>/", admin_views.system, name="system"),
    path("classements/systemes/<int:pk>/apercu/", admin_views.system_preview, name="preview"),
    path("classements/systemes/<int:pk>/reglement/", admin_views.system_defaults, name="defaults"),
    path("classements/systemes/<int:pk>/appliquer/", admin_views.system_apply, name="apply"),
    path("classements/systemes/<int:pk>/ajustement/", admin_views.add_adjustment, name="adjust"),
    path(
        "classements/systemes/<int:pk>/ajustement-publie/",
        admin_views.switch_published,
        name="switch_published",
    ),
    path("classements/modifications/<int:pk>/annuler/", admin_views.revert, name="revert"),
]
