"""Root URL configuration."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(template_name="tournaments/login.html"), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # without a CSRF token: the public pages are files shared by every visitor (tournaments/public/serve.py), and
    # choosing the language changes nothing but a cookie of the visitor's own
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("", include("swisspair_web.tournaments.urls")),
]
