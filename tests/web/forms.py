"""The forms of an HTML page as a browser would submit them (for tests that keep pages and post them later)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Control:
    """An ``input``, ``select``, ``textarea`` or ``button`` of a form."""

    tag: str
    name: str
    type: str = ""
    value: str = ""
    checked: bool = False
    options: list[str] = field(default_factory=list)
    """A select's option values (the selected one is :attr:`value`)."""


@dataclass
class Form:
    action: str
    id: str = ""
    enctype: str = ""
    controls: list[Control] = field(default_factory=list)

    def data(self, button: str | None = None, button_value: str | None = None) -> dict[str, str]:
        """What the browser sends: every named control but unchecked boxes and the buttons not pressed."""
        out: dict[str, str] = {}
        for control in self.controls:
            if control.tag == "button" or control.type in ("submit", "button"):
                if control.name and control.name == button and (button_value is None or control.value == button_value):
                    out[control.name] = control.value
                continue
            if control.type in ("checkbox", "radio") and not control.checked:
                continue
            if control.type == "file":
                continue
            out[control.name] = control.value
        return out

    def names(self) -> set[str]:
        return {control.name for control in self.controls}

    def control(self, name: str) -> Control | None:
        return next((c for c in self.controls if c.name == name), None)


class _Parser(HTMLParser):
    def __init__(self, url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.url = url
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: Control | None = None
        self.option: str | None = None
        self.textarea: Control | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.form = Form(a.get("action") or self.url, a.get("id", ""), a.get("enctype", ""))
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "input" and a.get("name"):
            self.form.controls.append(Control("input", a["name"], a.get("type", "text").lower(), a.get("value", ""),
                                              "checked" in a))
        elif tag == "button" and a.get("name"):
            self.form.controls.append(Control("button", a["name"], "submit", a.get("value", "")))
        elif tag == "select" and a.get("name"):
            self.select = Control("select", a["name"])
            self.form.controls.append(self.select)
        elif tag == "option" and self.select is not None:
            value = a.get("value")
            self.option = value
            if value is not None:
                self.select.options.append(value)
                if "selected" in a or len(self.select.options) == 1:
                    self.select.value = value
        elif tag == "textarea" and a.get("name"):
            self.textarea = Control("textarea", a["name"])
            self.form.controls.append(self.textarea)

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea.value += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def forms(html: str, url: str) -> list[Form]:
    """The forms of ``html`` (a page fetched from ``url``, the action of a form without one)."""
    parser = _Parser(url)
    parser.feed(html)
    return parser.forms
