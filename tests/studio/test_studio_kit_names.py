"""The studio's kit download is named as the kit command names its file: the language after the preset's name
when it is not English."""

import pytest


@pytest.mark.parametrize("lang, name", [("en", "kit-starter.pdf"), ("de", "kit-starter-de.pdf")])
def test_the_download_names_the_kit_s_language(client, lang, name):
    values = client.get("/api/kit/preset?name=starter").json()["values"]
    data = client.post("/api/kit/build", {"name": "starter", "values": {**values, "lang": lang}}).json()
    assert data["ok"], data
    pdf = client.get(f"/api/kit/download?id={data['id']}")
    assert pdf.body.startswith(b"%PDF") and pdf.headers["content-disposition"] == f'attachment; filename="{name}"'
