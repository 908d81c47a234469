package exporters

import (
	"errors"
	"testing"
)

// TestLookupPicksItemByName: [key=value] takes the item of a list by the value of one of its
// properties, whatever the order the service answers in (an App Configuration store's keys by
// name, an IoT hub's policies by keyName), as ASO picks them.
func TestLookupPicksItemByName(t *testing.T) {
	doc, err := decode([]byte(`{"value": [
		{"name": "Secondary Read Only", "value": "sro"},
		{"name": "Primary", "value": "p", "connectionString": "Endpoint=x;Secret=p"},
		{"name": "Secondary", "value": "s"}
	]}`))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"value[name=Primary].value":             "p",
		"value[name=Primary].connectionString":  "Endpoint=x;Secret=p",
		"value[name=Secondary Read Only].value": "sro",
		"value[name=secondary].value":           "s", // a service that changes the case of a name
	} {
		if got, err := lookup(doc, path); err != nil || got != want {
			t.Errorf("%s: got %q, %v; want %q", path, got, err, want)
		}
	}
	var nf errNotFound
	if got, err := lookup(doc, "value[name=Primary Read Only].value"); !errors.As(err, &nf) {
		t.Errorf("a name no item has: got %q, %v; want not found", got, err)
	}
	if got, err := lookup(doc, "value[=Primary].value"); err == nil || errors.As(err, &nf) {
		t.Errorf("[=Primary]: got %q, %v; want a syntax error", got, err)
	}
}
