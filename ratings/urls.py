from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("calculette/", views.calculator, name="calculator"),
    path("classements/recalcul/", views.recalculation, name="recalculation"),
    path("classements/recalcul/<int:pk>/", views.job, name="job"),
]
