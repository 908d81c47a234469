package codegen

import (
	"strings"
	"testing"
)

// TestRemoveFromSpecLeavesTheStatusAlone: $removeFromSpec takes a property the swagger lets
// users write out of the spec (Azure sets it, as ASO's remove: true transformers say), and the
// status still reports it.
func TestRemoveFromSpecLeavesTheStatusAlone(t *testing.T) {
	files, err := runWidgets(t, "        size:\n          $removeFromSpec: the service sizes widgets itself\n")
	if err != nil {
		t.Fatal(err)
	}
	types := string(files["widgets/v1api20210101/widget_types_gen.go"])
	spec := between(types, "type Widget_Spec struct", "\n}\n")
	status := between(types, "type Widget_STATUS struct", "\n}\n")
	if strings.Contains(spec, "json:\"size") {
		t.Errorf("the spec keeps size:\n%s", spec)
	}
	if !strings.Contains(status, "json:\"size") {
		t.Errorf("the status lost size:\n%s", status)
	}
	keep, err := runWidgets(t, "        size:\n          $importSecretMode: never\n")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(between(string(keep["widgets/v1api20210101/widget_types_gen.go"]), "type Widget_Spec struct", "\n}\n"), "json:\"size") {
		t.Fatal("without the setting the spec has no size: the test proves nothing")
	}
}

// TestRemoveFromSpecBadInput: a misspelt property is an error with the file, line and the
// nearest real name; a setting without its reason is an error at the setting.
func TestRemoveFromSpecBadInput(t *testing.T) {
	_, err := runWidgets(t, "        sise:\n          $removeFromSpec: the service sizes widgets itself\n")
	if err == nil || !strings.Contains(err.Error(), "azure-arm.yaml:") || !strings.Contains(err.Error(), "WidgetProperties.sise: WidgetProperties has no property sise") ||
		!strings.Contains(err.Error(), `did you mean "size"?`) {
		t.Errorf("misspelt property: got %v", err)
	}
	_, err = runWidgets(t, "        size:\n          $removeFromSpec: \"\"\n")
	if err == nil || !strings.Contains(err.Error(), "size.$removeFromSpec: says why") {
		t.Errorf("no reason: got %v", err)
	}
}

func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	rest := s[i:]
	if j := strings.Index(rest, to); j >= 0 {
		return rest[:j]
	}
	return rest
}
