package armfake

// realisticView turns a rendered resource (what was sent, with what ARM adds) into what its
// service answers (Options.Realistic): see the tables of realistic_*.go. write says the answer
// is to the write that stored it, where a service may show what a GET hides (keys). The
// stored body is left as sent, so echo and realistic views of a resource never mix.
func realisticView(out map[string]any, st *stored, write bool) {
	p := parsePath(st.id, "GET")
	if len(p.names) > 0 && !p.isResourceGroup() {
		out["name"] = answeredName(p)
	}
	applyLocationStyle(out, st.armType)
	applyOverrides(out, st.body, st.armType)
	if !write {
		hideKeysInRead(out, st.armType)
	}
	recaseIDs(out)
	if t, ok := out["type"].(string); ok {
		out["type"] = recaseType(t)
	}
}
