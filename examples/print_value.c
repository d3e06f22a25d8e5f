/* examples/print_value.c: build a value with the libdynval C API, encode it
 * as MessagePack and JSON, print both and the human view of the value
 * (dv_value_render), and free everything.
 *
 *   cc print_value.c $(pkg-config --cflags --libs dynval) -o print_value
 *
 * The value is an object (a resource's planned state, say):
 *   { name = "web-1", port = 8080, ratio = 0.25,
 *     zones = ["eu-west-1a", "eu-west-1b"],
 *     id = <unknown string, not null, prefix "i-"> }
 * JSON cannot hold unknowns, so the JSON output uses the known attributes
 * only; MessagePack carries the refined unknown (ext 12).
 */
#include <stdio.h>
#include <string.h>

#include <dynval/dynval.h>

/* Prints the error (status, message, path, offset), frees it, returns 1. */
static int fail(const char *what, dv_status_t st, dv_error_t *err) {
  dv_str_t msg = dv_error_message(err);
  dv_str_t path = dv_error_path(err);
  fprintf(stderr, "%s: %s: %.*s", what, dv_status_str(st), (int)msg.len, msg.ptr ? msg.ptr : "");
  if (path.len) fprintf(stderr, " at %.*s", (int)path.len, path.ptr);
  if (dv_error_offset(err) != DV_OFFSET_NONE) fprintf(stderr, " (byte %zu)", dv_error_offset(err));
  fprintf(stderr, "\n");
  dv_error_free(err);
  return 1;
}

#define TRY(call)                               \
  do {                                          \
    dv_status_t st_ = (call);                   \
    if (st_ != DV_OK) {                         \
      rc = fail(#call, st_, err);               \
      goto done;                                \
    }                                           \
  } while (0)

static void print_hex(const dv_buf_t *b) {
  size_t i;
  for (i = 0; i < b->len; i++) printf("%02x", (unsigned char)b->ptr[i]);
  printf("\n");
}

int main(void) {
  int rc = 0;
  dv_error_t *err = NULL;
  dv_value_t *name = NULL, *port = NULL, *ratio = NULL, *z1 = NULL, *z2 = NULL, *zones = NULL;
  dv_value_t *id = NULL, *obj = NULL, *known = NULL, *decoded = NULL;
  dv_buf_t mp = DV_BUF_INIT, json = DV_BUF_INIT, type_json = DV_BUF_INIT, pretty = DV_BUF_INIT;
  dv_refinements_t refine = DV_REFINEMENTS_INIT;

  printf("libdynval %s (ABI %u)\n", dv_version_string(), (unsigned)dv_abi_version());

  TRY(dv_value_new_string(&name, DV_LIT("web-1"), &err));
  TRY(dv_value_new_int64(&port, 8080, &err));
  TRY(dv_value_new_number_text(&ratio, DV_LIT("0.25"), &err));
  TRY(dv_value_new_string(&z1, DV_LIT("eu-west-1a"), &err));
  TRY(dv_value_new_string(&z2, DV_LIT("eu-west-1b"), &err));
  {
    const dv_value_t *elems[2];
    elems[0] = z1;
    elems[1] = z2;
    TRY(dv_value_new_list(&zones, dv_type_string(), elems, 2, &err));
  }
  refine.flags = DV_REFINE_NOT_NULL | DV_REFINE_PREFIX;
  refine.prefix = "i-";
  refine.prefix_len = 2;
  TRY(dv_value_new_unknown(&id, dv_type_string(), &refine, &err));
  {
    dv_str_t names[5] = {{"name", 4}, {"port", 4}, {"ratio", 5}, {"zones", 5}, {"id", 2}};
    const dv_value_t *vals[5];
    vals[0] = name;
    vals[1] = port;
    vals[2] = ratio;
    vals[3] = zones;
    vals[4] = id;
    TRY(dv_value_new_object(&obj, names, vals, 5, &err));
    TRY(dv_value_new_object(&known, names, vals, 4, &err));
  }

  TRY(dv_type_to_json(&type_json, dv_value_type(obj), &err));
  printf("type:    %.*s\n", (int)type_json.len, type_json.ptr);

  TRY(dv_msgpack_encode(&mp, obj, dv_value_type(obj), &err));
  printf("msgpack: ");
  print_hex(&mp);

  /* Decode it back by type: the refined unknown survives the round trip. */
  TRY(dv_msgpack_decode(&decoded, mp.ptr, mp.len, dv_value_type(obj), NULL, &err));
  {
    const dv_value_t *d_id = dv_value_get(decoded, "id", 2);
    dv_str_t prefix = dv_value_refined_prefix(d_id);
    printf("id:      known=%d not_null=%d prefix=\"%.*s\"\n", (int)dv_value_is_known(d_id),
           (int)dv_value_refined_not_null(d_id), (int)prefix.len, prefix.ptr ? prefix.ptr : "");
  }

  /* JSON cannot encode unknowns: that is an error with a path. */
  {
    dv_status_t st = dv_json_encode(&json, obj, dv_value_type(obj), &err);
    dv_str_t path = dv_error_path(err);
    printf("json of the full object: %s at %.*s\n", dv_status_str(st), (int)path.len, path.ptr ? path.ptr : "");
    dv_error_free(err);
    err = NULL;
    if (st != DV_ERR_UNKNOWN_VALUE) {
      rc = 1;
      goto done;
    }
  }
  TRY(dv_json_encode(&json, known, dv_value_type(known), &err));
  printf("json:    %.*s\n", (int)json.len, json.ptr);

  /* The view `dynval convert --to pretty` prints, unknowns included (NULL
   * options: no schema, so nothing is masked). */
  TRY(dv_value_render(&pretty, obj, NULL, &err));
  printf("pretty:\n%.*s", (int)pretty.len, pretty.ptr);

done:
  dv_buf_dispose(&mp);
  dv_buf_dispose(&json);
  dv_buf_dispose(&type_json);
  dv_buf_dispose(&pretty);
  dv_value_free(name);
  dv_value_free(port);
  dv_value_free(ratio);
  dv_value_free(z1);
  dv_value_free(z2);
  dv_value_free(zones);
  dv_value_free(id);
  dv_value_free(obj);
  dv_value_free(known);
  dv_value_free(decoded);
  return rc;
}
