"""The owner's WeChat settings: AppSecrets write-only and sealed, edits on a stale copy refused,
every save in the audit log, one shop's settings out of another's reach."""

from sqlalchemy import select

from bff.audit.models import AuditEntry
from bff.extensions import db
from bff.tests.helpers import SHOP_A, SHOP_B, assert_error
from bff.wechat.models import WechatSettings

URL = "/api/admin/wechat/settings"


def test_the_owner_enters_the_apps_and_never_reads_a_secret_back(client, as_admin, store):
    empty = client.get(URL, headers={**SHOP_A, **as_admin})
    assert empty.status_code == 200 and empty.get_json()["settings"]["version"] == 0
    body = {
        "official_appid": "wx1234567890abcdef",
        "official_secret": "a-very-secret-secret",
        "template_order_paid": "TPL_paid-1",
    }
    res = client.put(URL, headers={**SHOP_A, **as_admin}, json=body)
    assert res.status_code == 200, res.data
    settings = res.get_json()["settings"]
    assert settings["official_appid"] == "wx1234567890abcdef"
    assert settings["secrets_set"] == {"official_secret": True, "website_secret": False}
    assert settings["templates"]["order_paid"] == "TPL_paid-1"
    assert "a-very-secret-secret" not in res.get_data(as_text=True)
    row = db.session.scalar(select(WechatSettings))
    assert "a-very-secret-secret" not in row.secrets and row.secrets.startswith("gAAAAA")
    entry = db.session.scalar(select(AuditEntry).where(AuditEntry.object_type == "wechat_settings"))
    assert "a-very-secret-secret" not in str(entry.changes)
    # Saving again needs the version read; a stale one is refused.
    etag = res.headers["ETag"]
    assert_error(client.put(URL, headers={**SHOP_A, **as_admin}, json={"website_appid": "wxb"}), 428)
    stale = {**SHOP_A, **as_admin, "If-Match": 'W/"99"'}
    assert_error(client.put(URL, headers=stale, json={"website_appid": "wxb"}), 412)
    cleared = client.put(URL, headers={**SHOP_A, **as_admin, "If-Match": etag}, json={"official_secret": ""})
    assert cleared.get_json()["settings"]["secrets_set"]["official_secret"] is False


def test_a_bad_id_is_refused_and_another_shops_admin_sees_only_their_own(
    client, as_admin, store, store_b, other_admin, auth_headers
):
    bad = client.put(URL, headers={**SHOP_A, **as_admin}, json={"official_appid": "wx<script>"})
    assert_error(bad, 422)
    client.put(URL, headers={**SHOP_A, **as_admin}, json={"official_appid": "wxa"})
    theirs = client.get(URL, headers={**SHOP_B, **auth_headers(other_admin)})
    assert theirs.get_json()["settings"]["official_appid"] == ""
    assert_error(client.get(URL, headers={**as_admin, **SHOP_B}), 401)


def test_the_domain_check_file_is_served_for_its_shop_only(client, as_admin, store, store_b):
    body = {"verify_file_name": "MP_verify_Ab12Cd34Ef56Gh78.txt", "verify_file_text": "Ab12Cd34Ef56Gh78"}
    assert client.put(URL, headers={**SHOP_A, **as_admin}, json=body).status_code == 200
    res = client.get("/api/wechat/verify-file/MP_verify_Ab12Cd34Ef56Gh78.txt", headers=SHOP_A)
    assert res.status_code == 200 and res.mimetype == "text/plain" and res.text == "Ab12Cd34Ef56Gh78"
    assert client.get("/api/wechat/verify-file/MP_verify_other.txt", headers=SHOP_A).status_code == 404
    theirs = client.get("/api/wechat/verify-file/MP_verify_Ab12Cd34Ef56Gh78.txt", headers=SHOP_B)
    assert theirs.status_code == 404
    bad = {"verify_file_name": "../../etc/passwd"}
    assert_error(client.put(URL, headers={**SHOP_A, **as_admin, "If-Match": 'W/"1"'}, json=bad), 422)
