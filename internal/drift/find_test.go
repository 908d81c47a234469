package drift

import (
	"strings"
	"testing"
)

// Facts about how Azure answers a PUT are from Azure Service Operator's recordings of real
// Azure traffic (Azure/azure-service-operator, v2/internal/controllers/recordings/, e.g.
// Test_Cache_Redis_CRUD.yaml), restated here as small bodies of our own.

// TestFindWithoutRecordComparesAsARMDoes: with no record, values compare as ARM compares them.
func TestFindWithoutRecordComparesAsARMDoes(t *testing.T) {
	sub := "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg/providers"
	cases := []struct {
		name, sent, held, want string
	}{
		{"identical", `{"location":"westus","tags":{"a":"b"}}`, `{"location":"westus","tags":{"a":"b"}}`, ""},
		{"Azure adds read-only values", `{"location":"westus"}`, `{"id":"/x","location":"westus","properties":{"provisioningState":"Succeeded"}}`, ""},
		{"write-only values are not returned", `{"properties":{"password":"p","size":1}}`, `{"properties":{"size":1}}`, ""},
		{"a changed tag", `{"tags":{"env":"prod"}}`, `{"tags":{"env":"changed"}}`, "tags.env"},
		{"a changed number", `{"properties":{"size":1}}`, `{"properties":{"size":2}}`, "properties.size"},
		{"numbers in another form", `{"properties":{"size":1}}`, `{"properties":{"size":1.0}}`, ""},
		{"a list grown", `{"properties":{"prefixes":["10.0.0.0/16"]}}`, `{"properties":{"prefixes":["10.0.0.0/16","10.1.0.0/16"]}}`, "properties.prefixes"},
		{"an item changed", `{"rules":[{"name":"a","port":1}]}`, `{"rules":[{"name":"a","port":2}]}`, "rules[0].port"},
		{"another type", `{"properties":{"size":1}}`, `{"properties":{"size":"1"}}`, "properties.size"},
		{"key case", `{"properties":{"addressSpace":{"x":1}}}`, `{"properties":{"AddressSpace":{"x":1}}}`, ""},
		{"bool", `{"properties":{"on":true}}`, `{"properties":{"on":false}}`, "properties.on"},
		{"null asks nothing", `{"properties":{"on":null}}`, `{"properties":{"on":true}}`, ""},
		{"location as a display name", `{"location":"westus2"}`, `{"location":"West US 2"}`, ""},
		{"a nested location", `{"properties":{"locations":[{"locationName":"eastus"}]}}`, `{"properties":{"locations":[{"locationName":"East US"}]}}`, ""},
		{"another location", `{"location":"westus"}`, `{"location":"eastus"}`, "location"},
		{"child name with its parents", `{"name":"fwrule"}`, `{"name":"myredis/fwrule"}`, ""},
		{"another child name", `{"name":"fwrule"}`, `{"name":"myredis/other"}`, "name"},
		{"a nested name is not a child's", `{"properties":{"name":"a"}}`, `{"properties":{"name":"x/a"}}`, "properties.name"},
		{"ARM ID in another casing", `{"properties":{"subnet":{"id":"` + sub + `/Microsoft.Network/virtualNetworks/vn/subnets/s"}}}`,
			`{"properties":{"subnet":{"id":"` + strings.ToUpper(sub) + `/microsoft.network/VIRTUALNETWORKS/vn/subnets/s"}}}`, ""},
		{"another ARM ID", `{"properties":{"subnet":{"id":"` + sub + `/Microsoft.Network/virtualNetworks/vn/subnets/s"}}}`,
			`{"properties":{"subnet":{"id":"` + sub + `/Microsoft.Network/virtualNetworks/vn/subnets/t"}}}`, "properties.subnet.id"},
		{"resource type in another casing", `{"properties":{"type":"Microsoft.Cache/redis"}}`, `{"properties":{"type":"Microsoft.Cache/Redis"}}`, ""},
		{"an address prefix is no resource type", `{"properties":{"p":"10.0.0.0/16"}}`, `{"properties":{"p":"10.0.0.0/16 "}}`, "properties.p"},
		{"other strings keep their case", `{"properties":{"charset":"utf8"}}`, `{"properties":{"charset":"UTF8"}}`, "properties.charset"},
		{"Azure completes a list", `{"properties":{"excludedPaths":[]}}`, `{"properties":{"excludedPaths":[{"path":"/\"_etag\"/?"}]}}`, "properties.excludedPaths"},
		{"the body itself", `{"a":1}`, `[1]`, "(body)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Find([]byte(c.sent), []byte(c.held), Record{}, Secrets{})
			if err != nil {
				t.Fatal(err)
			}
			if got := path(f); got != c.want {
				t.Errorf("Find = %q, want %q", got, c.want)
			}
			if f != nil && f.Recorded {
				t.Error("a finding without a record says it was recorded")
			}
		})
	}
	if _, err := Find([]byte(`{`), []byte(`{}`), Record{}, Secrets{}); err == nil {
		t.Error("a malformed body is no error")
	}
	if _, err := Find([]byte(`{}`), []byte(`{`), Record{}, Secrets{}); err == nil {
		t.Error("a malformed answer is no error")
	}
}

// TestFindIgnoresWhatAzureHeldAfterThePut: what Azure overrode, completed or renormalised right
// after the PUT is no drift later; a change from it is, named at its path; a new value sent at
// that path makes the record not apply.
func TestFindIgnoresWhatAzureHeldAfterThePut(t *testing.T) {
	const salt = "uid-1"
	sent := `{"location":"westus2","properties":{"redisVersion":"6","redisConfiguration":{"maxmemory-delta":"10"},"charset":"utf8",` +
		`"indexingPolicy":{"includedPaths":[{"path":"/*"}],"excludedPaths":[]}}}`
	afterPut := `{"location":"West US 2","properties":{"redisVersion":"6.0.14","redisConfiguration":{"maxmemory-delta":"642"},"charset":"UTF8",` +
		`"indexingPolicy":{"includedPaths":[{"path":"/*"}],"excludedPaths":[{"path":"/\"_etag\"/?"}]}}}`
	rec, err := Build(salt, []byte(sent), []byte(afterPut), Secrets{})
	if err != nil {
		t.Fatal(err)
	}
	// The location is equivalent as sent: only the four overridden values are recorded.
	if rec.Len() != 4 {
		t.Errorf("record holds %d values, want 4 (redisVersion, maxmemory-delta, charset, excludedPaths)", rec.Len())
	}
	read, err := Parse(salt, rec.String())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, sent, held, want string
		recorded               bool
	}{
		{"as right after the PUT", sent, afterPut, "", false},
		{"Azure's answer changed since", sent, strings.Replace(afterPut, `"642"`, `"700"`, 1), "properties.redisConfiguration.maxmemory-delta", true},
		{"Azure went back to what was sent", sent, strings.Replace(afterPut, `"642"`, `"10"`, 1), "", false},
		{"the spec sends another value", strings.Replace(sent, `"10"`, `"20"`, 1), afterPut, "properties.redisConfiguration.maxmemory-delta", false},
		{"a completed list changed", sent, strings.Replace(afterPut, `_etag`, `_ts`, 1), "properties.indexingPolicy.excludedPaths", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Find([]byte(c.sent), []byte(c.held), read, Secrets{})
			if err != nil {
				t.Fatal(err)
			}
			if got := path(f); got != c.want {
				t.Fatalf("Find = %q, want %q", got, c.want)
			}
			if f != nil && f.Recorded != c.recorded {
				t.Errorf("Recorded = %v, want %v", f.Recorded, c.recorded)
			}
		})
	}
	// The salt is the resource's: a record copied onto another resource does not apply.
	other, err := Parse("uid-2", rec.String())
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := Find([]byte(sent), []byte(afterPut), other, Secrets{}); f == nil {
		t.Error("another resource's record applied")
	}
}

func path(f *Finding) string {
	if f == nil {
		return ""
	}
	return f.Path
}
