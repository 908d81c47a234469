package codegen

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestSwaggerPropertiesNamedLikeTheOperatorsSurvive: a swagger property called owner, azureName,
// operatorSpec or originalVersion (spec) or conditions (status), as SecurityInsights incidents
// and Cdn rules have, keeps its value under a new name made from the resource type (owner ->
// thingowner, as ASO writes a Cdn rule's conditions as ruleconditions) instead of being replaced by the operator's own; the rename is recorded and gen
// explain tells both apart.
func TestSwaggerPropertiesNamedLikeTheOperatorsSurvive(t *testing.T) {
	props := `"owner": {"type": "string", "description": "the assignee"},
		"azureName": {"type": "string"},
		"operatorSpec": {"type": "string"},
		"originalVersion": {"type": "string"},
		"conditions": {"type": "array", "items": {"type": "string"}, "description": "match conditions"}`
	res, cfg, err := runClash(t, clashSwagger(props, ""), "")
	if err != nil {
		t.Fatal(err)
	}
	defer buildClash(t, res)
	spec := thingObject(t, res, "Thing_Spec", false)
	status := thingObject(t, res, "Thing_STATUS", false)
	storageSpec := thingObject(t, res, "Thing_Spec", true)
	for _, c := range []struct {
		obj        *astmodel.ObjectType
		where      string
		wire, json string
	}{
		{spec, "spec", "owner", "thingowner"},
		{spec, "spec", "azureName", "thingazurename"},
		{spec, "spec", "operatorSpec", "thingoperatorspec"},
		{spec, "spec", "originalVersion", "thingoriginalversion"},
		{spec, "spec", "conditions", "thingconditions"},
		{storageSpec, "storage spec", "originalVersion", "thingoriginalversion"},
		{status, "status", "conditions", "thingconditions"},
		{status, "status", "owner", "thingowner"}, // as in the spec, so that the two still match
	} {
		p, ok := c.obj.PropertyByJSON(c.json)
		if !ok || p.ARMName != c.wire {
			t.Errorf("%s: swagger property %q is not kept as %q: %s", c.where, c.wire, c.json, c.obj)
			continue
		}
		if c.json != c.wire && (p.Provenance.Renamed != astmodel.ByClash || p.Provenance.ClashedWith == "") {
			t.Errorf("%s.%s: the rename is not recorded: %+v", c.where, c.json, p.Provenance)
		}
	}
	for _, c := range []struct {
		obj  *astmodel.ObjectType
		json string
		want astmodel.Type
	}{
		{spec, "owner", astmodel.OptionalType{Element: astmodel.KnownResourceReferenceType}},
		{status, "conditions", astmodel.ArrayType{Element: astmodel.ConditionType}},
		{storageSpec, "originalVersion", astmodel.StringType},
	} {
		if p, ok := c.obj.PropertyByJSON(c.json); !ok || p.ARMName != "" || p.Type.String() != c.want.String() {
			t.Errorf("the operator's own %s is missing or replaced: %s", c.json, c.obj)
		}
	}

	for query, want := range map[string]string{
		"clash/v1api20210101/Thing.spec.thingowner":   `renamed from "owner" by the generator: its own name would have met the operator's own owner in every spec`,
		"clash/v1api20210101/Thing.spec.owner":        "added to every owned resource",
		"clash/v1api20210101/Thing.status.conditions": "added to every status",
	} {
		text := explainText(t, res, cfg, query)
		if !strings.Contains(text, want) {
			t.Errorf("gen explain %s does not say %q:\n%s", query, want, text)
		}
	}
}

// TestRenameToAnOperatorNameIsAConfigError: $renameTo: owner on a swagger property would take
// the place of spec.owner; it is an error at the setting that suggests a free name.
func TestRenameToAnOperatorNameIsAConfigError(t *testing.T) {
	_, _, err := runClash(t, clashSwagger(`"assignee": {"type": "string"}`, ""),
		"      ThingProperties:\n        assignee:\n          $renameTo: owner\n")
	want := `objectModelConfiguration.clash.2021-01-01.ThingProperties.assignee.$renameTo: owner is the name of the operator's own property in every spec; choose another name; did you mean "thingowner"?`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got  %v\nwant …%s", err, want)
	}
}
