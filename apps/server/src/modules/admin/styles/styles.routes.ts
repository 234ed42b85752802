import { adminStylesContract, LIMITS } from "@rupa/shared";
import { bodyLimit } from "hono/body-limit";
import type { AppContext } from "../../../context";
import { assertDecodeCapacity, photoErrors } from "../../../infra/images/photo-pipeline";
import { AppError } from "../../../lib/errors";
import { contractRoutes } from "../../../middleware/auth-guards";
import { auditActorOf } from "../audit-actor";

/** /api/admin/styles…: the Styles section (adminStylesContract); admins only. */
export function adminStylesRoutes(ctx: AppContext) {
  const styles = ctx.services.admin.styles;

  return contractRoutes(ctx)
    .on(adminStylesContract.list, async (_c, { query }) => ({
      status: 200,
      body: await styles.list(query),
    }))
    .on(adminStylesContract.get, async (_c, { params }) => ({
      status: 200,
      body: { style: await styles.get(params.id) },
    }))
    .on(adminStylesContract.update, async (c, { params, body, userId }) => ({
      status: 200,
      body: { style: await styles.update(auditActorOf(c, userId), params.id, body) },
    }))
    .on(adminStylesContract.setActive, async (c, { params, body, userId }) => ({
      status: 200,
      body: { style: await styles.setActive(auditActorOf(c, userId), params.id, body.active) },
    }))
    .on(adminStylesContract.duplicate, async (c, { params, userId }) => ({
      status: 201,
      body: { style: await styles.duplicate(auditActorOf(c, userId), params.id) },
    }))
    .on(adminStylesContract.remove, async (c, { params, userId }) => {
      await styles.remove(auditActorOf(c, userId), params.id);
      return { status: 200, body: { ok: true as const } };
    })
    .on(adminStylesContract.generatePreviews, async (c, { params, userId }) => ({
      status: 202,
      body: await styles.generatePreviews(auditActorOf(c, userId), params.id),
    }))
    .on(adminStylesContract.previewsStatus, async (_c, { params }) => ({
      status: 200,
      body: await styles.previewsStatus(params.id, params.jobId),
    }))
    .on(adminStylesContract.pairs, async (_c, { params }) => ({
      status: 200,
      body: { pairs: await styles.pairs(params.id) },
    }))
    .on(
      adminStylesContract.addPair,
      bodyLimit({
        maxSize: 2 * LIMITS.uploadMaxBytes + 512 * 1024,
        onError: () => {
          throw photoErrors.tooLarge();
        },
      }),
      async (c, { params, userId }) => {
        const actor = auditActorOf(c, userId);
        await styles.get(params.id);
        assertDecodeCapacity();
        if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data")) {
          throw new AppError(
            "unsupported_media_type",
            415,
            "Send the images as multipart/form-data",
          );
        }
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          throw photoErrors.missing();
        }
        const bytes = async (field: string) => {
          const file = form.get(field);
          if (!(file instanceof File) || file.size === 0) throw photoErrors.missing();
          if (file.size > LIMITS.uploadMaxBytes) throw photoErrors.tooLarge();
          return Buffer.from(await file.arrayBuffer());
        };
        const title = form.get("title");
        const pair = await styles.addPair(actor, params.id, {
          before: await bytes("before"),
          after: await bytes("after"),
          title: typeof title === "string" && title.trim() ? title.trim().slice(0, 120) : null,
        });
        return { status: 201, body: { pair } };
      },
    )
    .on(adminStylesContract.reorderPairs, async (c, { params, body, userId }) => ({
      status: 200,
      body: { pairs: await styles.reorderPairs(auditActorOf(c, userId), params.id, body.ids) },
    }))
    .on(adminStylesContract.deletePair, async (c, { params, userId }) => {
      await styles.deletePair(auditActorOf(c, userId), params.id, params.pairId);
      return { status: 200, body: { ok: true as const } };
    }).hono;
}
