"""Forms of the categories, prize and player details pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from swisspair.categories import Category as CoreCategory, CategoryError
from swisspair_web.tournaments.categories import amounts
from swisspair_web.tournaments.models import AwardSettings, Category
from swisspair_web.tournaments.services import OperationError

CONDITIONS = ("age_below", "age_from", "sex", "rating_from", "rating_below", "unrated", "federations", "label")


class CategoryForm(forms.ModelForm):  # type: ignore[type-arg]
    """A category: its code (``U16``, ``50+``, ``W``, ``U2000``, ``1600-1799``, ``unrated``, a federation code
    set their conditions in the fields left empty), name, conditions, prizes and place in the order."""

    version = forms.IntegerField(widget=forms.HiddenInput)

    class Meta:
        model = Category
        fields = ["code", "name", "order", "prizes", *CONDITIONS]
        help_texts = {
            "code": _("U8...U20, 50+, 65+, W, M, U2000, 1600-1799, 2000+, unrated or a federation code set the "
                      "conditions by themselves; any other code needs them below."),
            "prizes": _("Amounts of places 1, 2, 3... separated by spaces, e.g. 1000 600 400."),
            "federations": _("Codes separated by commas."),
            "label": _("Players with this label (or club) on the players' details page."),
        }

    def __init__(self, *args: Any, overall: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].required = False
        if overall:
            for name in ("code", *CONDITIONS):
                del self.fields[name]

    def clean_prizes(self) -> str:
        text = str(self.cleaned_data.get("prizes") or "")
        try:
            values = amounts(text)
        except OperationError as error:
            raise forms.ValidationError(str(error)) from None
        if any(later > earlier for earlier, later in zip(values, values[1:])):
            raise forms.ValidationError(_("A lower place may not get more than a higher one."))
        return " ".join(text.replace(";", " ").split())

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        code = str(data.get("code") or "").strip()
        if "code" in self.fields and code:
            try:
                preset = CoreCategory.parse(code)
            except CategoryError:
                if not any(data.get(name) for name in CONDITIONS):
                    raise forms.ValidationError(_("Give the conditions of category %(code)s (or a code such as U16, "
                                                  "W or U2000).") % {"code": code}) from None
            else:  # the code's conditions fill the fields left empty: U16 with sex w is girls under 16
                given = {"age_below": preset.age_below, "age_from": preset.age_from, "sex": preset.sex,
                         "rating_from": preset.rating_from, "rating_below": preset.rating_below,
                         "unrated": preset.unrated.value if preset.unrated else "",
                         "federations": ",".join(sorted(preset.federations)), "label": preset.label}
                for name, value in given.items():
                    if data.get(name) in (None, "") and value not in (None, ""):
                        data[name] = value
                data["code"] = preset.code
        if "code" in self.fields and not data.get("name"):
            data["name"] = data.get("code") or ""
        return data


class AwardSettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    version = forms.IntegerField(widget=forms.HiddenInput)

    class Meta:
        model = AwardSettings
        fields = ["sharing", "age_date", "currency", "norms_waived"]
        widgets = {"age_date": forms.DateInput(attrs={"type": "date"})}
