"""The shop owner's view of the audit log (`/api/admin/audit`)."""

from flask.views import MethodView

from bff.accounts.decorators import admin_required
from bff.audit import schemas, services
from bff.common.arguments import Blueprint, per_page
from bff.common.responses import document_errors
from bff.extensions import db

blp = Blueprint("admin_audit", __name__, url_prefix="/api/admin/audit", description="Admin: the audit log")


@blp.route("")
class AuditLog(MethodView):
    @admin_required
    @blp.arguments(schemas.AuditArgs, location="query")
    @blp.response(200, schemas.AuditListResponse)
    @document_errors(blp, 401, 403, 422)
    def get(self, shop, _user, args):
        """Audit entries, newest first, optionally of one object type or object."""
        page = services.list_entries(
            db.session, shop, args["page"], per_page(), args["object_type"], args["object_id"]
        )
        return {"entries": page.as_paginator()}
