package codegen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestBadInputLeavesOutputAlone feeds broken inputs through a full generation and checks that
// each fails with one clear, located error, and that the output directory is left as it was.
func TestBadInputLeavesOutputAlone(t *testing.T) {
	cases := []struct {
		name string
		want []string
	}{
		{"dangling-ref", []string{
			"broken/resource-manager/Microsoft.Broken/stable/2021-01-01/broken.json#/definitions/Thing/properties/properties/$ref",
			`dangling $ref "#/definitions/ThingPropertiez"`,
			`did you mean "#/definitions/ThingProperties"?`,
		}},
		{"malformed-json", []string{
			"broken/resource-manager/Microsoft.Broken/stable/2021-01-01/broken.json:22:9: invalid JSON",
		}},
		{"unknown-key", []string{
			"azure-arm.yaml:9:9: objectModelConfiguration.widgets.2021-01-01.Widget.$exprot: unknown setting",
			`did you mean "$export"?`,
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := t.TempDir()
			sentinel := filepath.Join(out, "keep.txt")
			if err := os.WriteFile(sentinel, []byte("before"), 0o644); err != nil {
				t.Fatal(err)
			}
			err := generateFrom(filepath.Join("../../specs/testdata/broken", c.name, "azure-arm.yaml"), out)
			if err == nil {
				t.Fatal("generation succeeded")
			}
			msg := err.Error()
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q\ndoes not contain %q", msg, w)
				}
			}
			if strings.Count(msg, "\n") > 0 {
				t.Errorf("error spans several lines: %q", msg)
			}
			entries, _ := os.ReadDir(out)
			if data, _ := os.ReadFile(sentinel); string(data) != "before" || len(entries) != 1 {
				t.Errorf("output directory changed: %v", entries)
			}
		})
	}
}

func generateFrom(configPath, out string) error {
	cfg, err := config.Load(configPath)
	if err != nil {
		return err
	}
	_, err = Generate(context.Background(), Options{Config: cfg, OutputDir: out})
	return err
}
