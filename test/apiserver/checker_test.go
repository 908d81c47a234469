package apiserver_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestCheckerCatchesFieldTheSchemaLacks proves that TestSamplesRoundTrip fails for a sample with
// a field the schema lacks, both ways such a field could be lost: server-side apply refuses it,
// and where the server takes the object regardless (a create without field validation), it
// drops the field, and reading back notices.
func TestCheckerCatchesFieldTheSchemaLacks(t *testing.T) {
	ctx := context.Background()
	obj := sampleOf(t, "resources.azure.com", "ResourceGroup")
	obj.SetName("checker-extra-field")
	if err := checkSample(ctx, obj, applyStrict); err != nil {
		t.Fatalf("the unchanged sample fails the check: %v", err)
	}
	if err := unstructured.SetNestedField(obj.Object, "westus2", "spec", "regionName"); err != nil {
		t.Fatal(err)
	}
	if err := unstructured.SetNestedField(obj.Object, "finance", "spec", "tags", "costCentre"); err != nil {
		t.Fatal(err)
	}

	err := checkSample(ctx, obj, applyStrict)
	if err == nil || !strings.Contains(err.Error(), "spec.regionName") {
		t.Errorf("server-side apply: want an error naming spec.regionName, got %v", err)
	}

	obj.SetName("checker-extra-field-lenient")
	err = checkSample(ctx, obj, createLenient)
	if err == nil || !strings.Contains(err.Error(), `.spec.regionName: sent "westus2", not in the stored object`) {
		t.Errorf("lenient create: want the read back to miss spec.regionName, got %v", err)
	}
	// A map takes any key: the new tag is kept, so it is not reported.
	if err != nil && strings.Contains(err.Error(), "costCentre") {
		t.Errorf("a tag was reported lost: %v", err)
	}
}

func TestLostFields(t *testing.T) {
	sent := map[string]any{
		"spec": map[string]any{
			"a":    "x",
			"n":    3,
			"f":    1.5,
			"list": []any{"p", "q"},
			"deep": map[string]any{"b": true, "gone": "y"},
		},
	}
	cases := []struct {
		name string
		got  map[string]any
		want []string
	}{{
		name: "equal, with server additions",
		got: map[string]any{
			"metadata": map[string]any{"uid": "u"},
			"spec": map[string]any{
				"a": "x", "n": int64(3), "f": 1.5, "list": []any{"p", "q"},
				"deep": map[string]any{"b": true, "gone": "y", "defaulted": 1},
			},
		},
	}, {
		name: "pruned and changed",
		got: map[string]any{
			"spec": map[string]any{
				"a": "z", "n": 3, "f": 1.5, "list": []any{"p"},
				"deep": map[string]any{"b": "true"},
			},
		},
		want: []string{
			`.spec.a: sent "x", read back "z"`,
			`.spec.deep.b: sent true, read back "true"`,
			`.spec.deep.gone: sent "y", not in the stored object`,
			`.spec.list: sent ["p","q"], read back ["p"]`,
		},
	}, {
		name: "object replaced",
		got:  map[string]any{"spec": "gone"},
		want: []string{`.spec: sent an object, read back "gone"`},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := lostFields(sent, tc.got)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestSampleErrorLinesNameSampleAndField: a sample the server changes fails with one line per
// field, each naming the sample file and the field, so that many failing samples stay readable.
func TestSampleErrorLinesNameSampleAndField(t *testing.T) {
	obj := sampleOf(t, "resources.azure.com", "ResourceGroup")
	obj.SetName("checker-error-lines")
	for _, f := range []string{"regionName", "zoneName"} {
		if err := unstructured.SetNestedField(obj.Object, "westus2", "spec", f); err != nil {
			t.Fatal(err)
		}
	}
	err := checkSample(context.Background(), obj, createLenient)
	if err == nil {
		t.Fatal("the server kept fields its schema lacks")
	}
	const path = "samples/resources.azure.com/v1api20200601/resourcegroup.yaml"
	got := sampleErrorLines(path, err)
	want := []string{
		path + `: .spec.regionName: sent "westus2", not in the stored object (read back changed (fields pruned or altered by the schema))`,
		path + `: .spec.zoneName: sent "westus2", not in the stored object (read back changed (fields pruned or altered by the schema))`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	if got := sampleErrorLines(path, errors.New("server-side apply refused: spec.x: unknown field")); len(got) != 1 || got[0] != path+": server-side apply refused: spec.x: unknown field" {
		t.Errorf("one-line error: %q", got)
	}
}
