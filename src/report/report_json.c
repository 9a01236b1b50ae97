/* report_json.c: the JSON report: every scan of the model with its inputs,
 * counts and verdicts. The shape is documented by docs/report.schema.json;
 * a change here is a change there (and a format_version bump when a
 * consumer could break). */
#include "base/json.h"
#include "report/report.h"

#ifndef SYSCOV_VERSION
#define SYSCOV_VERSION "0"
#endif

static void scan_meta(struct json *j, const struct rep_scan *s)
{
	json_kint(j, "id", s->id);
	json_kstr(j, "label", s->label);
	json_kstr(j, "kind", s->kind);
	json_kstr(j, "sysroot", s->sysroot);
	json_kstr(j, "arch", s->arch);
	json_kstr(j, "variant", s->variant);
	json_kstr(j, "layout", s->layout);
	json_kstr(j, "created", s->created);
	json_kstr(j, "tool_version", s->tool_version);
	json_key(j, "kernel");
	json_obj_begin(j);
	json_kstr(j, "version", s->kernel_version);
	json_obj_end(j);
	json_key(j, "libc");
	json_obj_begin(j);
	json_kstr(j, "flavour", s->libc_flavour);
	json_kstr(j, "version", s->libc_version);
	json_kstr(j, "how", s->libc_how);
	json_kstr(j, "code", s->code_how);
	json_obj_end(j);
	json_key(j, "man");
	json_obj_begin(j);
	json_kstr(j, "source", s->man_source);
	json_kstr(j, "dir", s->man_dir);
	json_kstr(j, "version", s->man_version);
	json_obj_end(j);
	json_kint(j, "diagnostics", s->diags);
	json_key(j, "inputs");
	json_arr_begin(j);
	for (size_t i = 0; i < s->ninputs; i++) {
		json_obj_begin(j);
		json_kstr(j, "kind", s->inputs[i].kind);
		json_kint(j, "files", s->inputs[i].files);
		json_key(j, "versions");
		json_arr_begin(j);
		for (size_t k = 0; k < s->inputs[i].versions.n; k++)
			json_str(j, s->inputs[i].versions.v[k]);
		json_arr_end(j);
		json_obj_end(j);
	}
	json_arr_end(j);
	json_key(j, "counts");
	json_obj_begin(j);
	for (int c = 0; c < RC_N; c++)
		json_kint(j, rep_class_name[c], s->counts[c]);
	json_kint(j, "total", (int64_t)s->nv);
	json_obj_end(j);
}

static void verdict(struct json *j, const struct rep_verdict *v)
{
	json_obj_begin(j);
	json_kstr(j, "name", v->name);
	json_key(j, "nr");
	if (v->has_nr)
		json_int(j, v->nr);
	else
		json_null(j);
	json_kstr(j, "class", rep_class_name[v->cls]);
	json_kstr(j, "wrapper", v->wrapper);
	json_kstr(j, "since", v->since);
	json_key(j, "kernel_since");
	if (v->kernel.text) {
		const struct rep_ksince *k = &v->kernel;
		json_obj_begin(j);
		json_kstr(j, "text", k->text);
		json_kstr(j, "version", k->version);
		json_kstr(j, "after", k->after);
		json_key(j, "exact");
		json_bool(j, k->exact);
		json_kstr(j, "source", k->source);
		json_kstr(j, "detail", k->detail);
		json_kstr(j, "note", k->note);
		json_obj_end(j);
	} else {
		json_null(j);
	}
	json_key(j, "flags");
	json_arr_begin(j);
	for (size_t i = 0; i < v->flags.n; i++)
		json_str(j, v->flags.v[i]);
	json_arr_end(j);
	json_key(j, "evidence");
	json_arr_begin(j);
	for (size_t i = 0; i < v->nev; i++) {
		json_obj_begin(j);
		json_kstr(j, "source", v->ev[i].source);
		json_kstr(j, "fact", v->ev[i].fact);
		json_obj_end(j);
	}
	json_arr_end(j);
	json_obj_end(j);
}

void report_json(const struct report *r, FILE *f)
{
	struct json j;
	json_init(&j, f, 1);
	json_obj_begin(&j);
	json_kstr(&j, "format", "syscov-report");
	json_kint(&j, "format_version", 1);
	json_key(&j, "tool");
	json_obj_begin(&j);
	json_kstr(&j, "name", "syscov");
	json_kstr(&j, "version", SYSCOV_VERSION);
	json_obj_end(&j);
	json_key(&j, "classes");
	json_arr_begin(&j);
	for (int c = 0; c < RC_N; c++)
		json_str(&j, rep_class_name[c]);
	json_arr_end(&j);
	json_key(&j, "scans");
	json_arr_begin(&j);
	for (size_t i = 0; i < r->n; i++) {
		const struct rep_scan *s = &r->scans[i];
		json_obj_begin(&j);
		scan_meta(&j, s);
		json_key(&j, "syscalls");
		json_arr_begin(&j);
		for (size_t k = 0; k < s->nv; k++)
			verdict(&j, &s->v[k]);
		json_arr_end(&j);
		json_obj_end(&j);
	}
	json_arr_end(&j);
	json_obj_end(&j);
}
