package genruntime

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The CRD markers and armIDPattern are written out separately, so this guards against one being edited without the other.
func TestARMIDPatternMarkersMatchValidate(t *testing.T) {
	t.Parallel()

	marker := regexp.MustCompile(`\+kubebuilder:validation:Pattern=(".*")\s*$`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}

	found := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}

		for _, line := range regexp.MustCompile(`\r?\n`).Split(string(data), -1) {
			m := marker.FindStringSubmatch(line)
			if m == nil || filepath.Base(file) == "arm_id_test.go" {
				continue
			}

			found++
			pattern, err := strconv.Unquote(m[1])
			if err != nil {
				t.Fatalf("%s: cannot unquote marker %s: %v", file, m[1], err)
			}

			if pattern != armIDPattern.String() {
				t.Errorf("%s: marker pattern %q differs from armIDPattern %q", file, pattern, armIDPattern.String())
			}
		}
	}

	// ResourceReference, KnownResourceReference and ArbitraryOwnerReference each carry one.
	if found != 3 {
		t.Errorf("found %d pattern markers, want 3", found)
	}
}

// TestParseARMIDRefusesWhatWouldMoveTheRequest: ParseARMID refuses what arm.ParseResourceID
// tidies up or a server would resolve, and accepts every scope's IDs.
func TestParseARMIDRefusesWhatWouldMoveTheRequest(t *testing.T) {
	t.Parallel()

	const rg = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg"
	refused := map[string]string{
		"":                                  "is empty",
		"subscriptions/s/resourceGroups/rg": "does not start with /",
		rg + "/providers/Microsoft.Network/virtualNetworks/..":     `segment 8 is ".."`,
		rg + "/providers/Microsoft.Network/virtualNetworks/.":      `segment 8 is "."`,
		rg + "/providers/Microsoft.Network/virtualNetworks/%2e%2E": `is "%2e%2E"`,
		rg + "/providers/Microsoft.Network/virtualNetworks/a%2F..": "hides a slash",
		rg + "/providers/Microsoft.Network/virtualNetworks/a%5C..": "hides a slash",
		rg + "/providers/Microsoft.Network/virtualNetworks/a%zz":   "malformed",
		rg + "//providers/Microsoft.Network/virtualNetworks/vn":    "segment 5 is empty",
		rg + "/": "segment 5 is empty",
		rg + "/providers/Microsoft.Network/virtualNetworks/ vn":  "spaces around it",
		rg + "/providers/Microsoft.Network/virtualNetworks/v\\n": "read as /",
		rg + "/providers/Microsoft.Network/virtualNetworks/v\n":  "control character",
		"/resourceGroups/rg": "is not an ARM resource ID",
		"/subscriptions":     "is not an ARM resource ID",
	}
	for id, want := range refused {
		_, err := ParseARMID(id)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseARMID(%q) = %v, want an error containing %q", id, err, want)
		}
	}
	accepted := map[string][]string{
		rg: {"00000000-0000-0000-0000-000000000000"},
		rg + "/providers/Microsoft.Network/virtualNetworks/vn/subnets/s%20t":                                       {"00000000-0000-0000-0000-000000000000"},
		rg + "/providers/Microsoft.Network/virtualNetworks/vn/providers/Microsoft.Authorization/roleAssignments/r": {"00000000-0000-0000-0000-000000000000"},
		"/providers/Microsoft.Management/managementGroups/mg":                                                      nil,
		"/providers/Microsoft.Management/managementGroups/mg/subscriptions/s2":                                     {"s2"},
		rg + "/providers/Microsoft.ServiceBus/namespaces/ns/topics/t/subscriptions/s":                              {"00000000-0000-0000-0000-000000000000"},
		"/subscriptions/s1/providers/Microsoft.Foo/bars/b":                                                         {"s1"},
	}
	for id, subs := range accepted {
		parsed, err := ParseARMID(id)
		if err != nil {
			t.Errorf("ParseARMID(%q): %v", id, err)
			continue
		}
		if got := SubscriptionsOf(parsed); !slices.Equal(got, subs) {
			t.Errorf("SubscriptionsOf(%q) = %v, want %v", id, got, subs)
		}
	}
	var e *ARMIDError
	if _, err := ParseARMID(rg + "/.."); !errors.As(err, &e) || !strings.HasPrefix(e.At("spec.owner.armId").Error(), "spec.owner.armId ") {
		t.Errorf("a located error does not name its field: %v", err)
	}
}
