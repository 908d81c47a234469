package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// ignoreSettings leaves the unexported settings list to TestSettings.
var ignoreSettings = cmpopts.IgnoreUnexported(Config{})

// lines joins lines with newlines so test inputs can be indented with spaces
// inside tab-indented Go source (YAML forbids tabs for indentation).
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// inType puts body lines inside objectModelConfiguration.network.2020-11-01.VirtualNetwork,
// so the first body line is line 5, column 9.
func inType(body ...string) string {
	out := []string{"objectModelConfiguration:", "  network:", "    2020-11-01:", "      VirtualNetwork:"}
	for _, l := range body {
		out = append(out, "        "+l)
	}
	return lines(out...)
}

const typePath = "objectModelConfiguration.network.2020-11-01.VirtualNetwork"

func TestParseValid(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want *Config
	}{
		{
			name: "minimal file gets defaults",
			in:   "objectModelConfiguration: {}\n",
			want: &Config{File: "dir/azure-arm.yaml", Dir: "dir", OutputPath: DefaultOutputPath, OutputPackage: DefaultOutputPackage},
		},
		{
			name: "spec snapshot pin",
			in: lines(
				"specRepository: https://github.com/Azure/azure-rest-api-specs",
				"specCommit: 57a7be857d79c80eb31eefa65173fc31a80b7449",
				"objectModelConfiguration: {}",
			),
			want: &Config{
				File: "dir/azure-arm.yaml", Dir: "dir", OutputPath: DefaultOutputPath, OutputPackage: DefaultOutputPackage,
				SpecRepository: "https://github.com/Azure/azure-rest-api-specs", SpecCommit: "57a7be857d79c80eb31eefa65173fc31a80b7449",
			},
		},
		{
			// Unquoted, this SHA reads as a float; the text as written is kept.
			name: "spec commit that YAML would read as a number",
			in:   lines("specCommit: 1234567890123456789012345678901234567e89", "objectModelConfiguration: {}"),
			want: &Config{
				File: "dir/azure-arm.yaml", Dir: "dir", OutputPath: DefaultOutputPath, OutputPackage: DefaultOutputPackage,
				SpecCommit: "1234567890123456789012345678901234567e89",
			},
		},
		{
			name: "versions stay strings and lists are sorted",
			in: lines(
				"# leading comment",
				"objectModelConfiguration:   # trailing comment",
				"  storage:",
				"    2021-01-01: {Zeta: {$export: true}, Alpha: {b: {$isSecret: true}, a: {$isSecret: false}}}",
				"    2019-06-01-preview:",
				"      Blob: {$isHub: true}",
				"  # comment between groups",
				"  batch:",
				"    '2020-06-01':",
				"      Pool: {$exportAs: BatchPool}",
			),
			want: &Config{
				File: "dir/azure-arm.yaml", Dir: "dir", OutputPath: DefaultOutputPath, OutputPackage: DefaultOutputPackage,
				Groups: []*GroupConfig{
					{
						Name: "batch", Path: "objectModelConfiguration.batch", Pos: Position{8, 3},
						Versions: []*VersionConfig{{
							APIVersion: "2020-06-01", Path: "objectModelConfiguration.batch.2020-06-01", Pos: Position{9, 5},
							Types: []*TypeConfig{{
								Name: "Pool", ExportAs: "BatchPool",
								Path: "objectModelConfiguration.batch.2020-06-01.Pool", Pos: Position{10, 7},
							}},
						}},
					},
					{
						Name: "storage", Path: "objectModelConfiguration.storage", Pos: Position{3, 3},
						Versions: []*VersionConfig{
							{
								APIVersion: "2019-06-01-preview", Path: "objectModelConfiguration.storage.2019-06-01-preview", Pos: Position{5, 5},
								Types: []*TypeConfig{{
									Name: "Blob", IsHub: true,
									Path: "objectModelConfiguration.storage.2019-06-01-preview.Blob", Pos: Position{6, 7},
								}},
							},
							{
								APIVersion: "2021-01-01", Path: "objectModelConfiguration.storage.2021-01-01", Pos: Position{4, 5},
								Types: []*TypeConfig{
									{
										Name: "Alpha", Path: "objectModelConfiguration.storage.2021-01-01.Alpha", Pos: Position{4, 41},
										Properties: []*PropertyConfig{
											{Name: "a", NotSecret: true, Path: "objectModelConfiguration.storage.2021-01-01.Alpha.a", Pos: Position{4, 71}},
											{Name: "b", IsSecret: true, Path: "objectModelConfiguration.storage.2021-01-01.Alpha.b", Pos: Position{4, 49}},
										},
									},
									{Name: "Zeta", Export: true, Path: "objectModelConfiguration.storage.2021-01-01.Zeta", Pos: Position{4, 18}},
								},
							},
						},
					},
				},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("dir/azure-arm.yaml", []byte(tt.in))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if diff := cmp.Diff(tt.want, got, ignoreSettings); diff != "" {
				t.Errorf("Parse mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		// Syntax.
		{"invalid YAML on first line", "a: b: c\n", "f.yaml:1: invalid YAML: mapping values are not allowed in this context"},
		{"invalid YAML later", lines("objectModelConfiguration:", "  network: [a, b", "  other: 1"), "f.yaml:2: invalid YAML: did not find expected ',' or ']'"},
		{"unterminated string", lines("outputPath: x", "specRoot: \"abc", "objectModelConfiguration: {}"), "f.yaml:2: invalid YAML: found unexpected end of stream"},
		{"bad indentation", lines("objectModelConfiguration:", "  network: {}", " outputPath: x"), "f.yaml:3: invalid YAML: did not find expected key"},
		{"tab indentation", lines("objectModelConfiguration:", "\tnetwork: {}"), "f.yaml:2: invalid YAML: found character that cannot start any token"},
		{"control character", "objectModelConfiguration: {}\noutputPath: a\x01b\n", "f.yaml:2:14: invalid YAML: control characters are not allowed"},
		{"invalid UTF-8", "objectModelConfiguration: {}\noutputPath: \xff\n", "f.yaml:2:13: invalid YAML: invalid leading UTF-8 octet"},
		{"unknown anchor", lines("objectModelConfiguration: {}", "outputPath: *nowhere"), "f.yaml:2:13: invalid YAML: unknown anchor 'nowhere' referenced"},
		{"second document", lines("objectModelConfiguration: {}", "---", "outputPath: x"), "f.yaml:3:1: found a second YAML document; the config must be a single document"},
		{"alias", lines("outputPath: &p out", "specRoot: *p", "objectModelConfiguration: {}"), "f.yaml:2:11: specRoot: YAML aliases (*p) are not supported; write the value out"},
		{"merge key", inType("<<: {$export: true}"), "f.yaml:5:9: " + typePath + ": YAML merge keys (<<) are not supported; write the settings out"},
		{"complex key", lines("objectModelConfiguration:", "  ? [a, b]", "  : {}"), "f.yaml:2:5: objectModelConfiguration: expected a plain key, found a list"},

		// Top level.
		{"empty file", "", "f.yaml:1:1: missing required key \"objectModelConfiguration\" (the file has no content)"},
		{"comments only", "# nothing yet\n", "f.yaml:1:1: missing required key \"objectModelConfiguration\" (the file has no content)"},
		{"root is a list", "- a\n", "f.yaml:1:1: expected a mapping of top-level keys, found a list"},
		{"missing objectModelConfiguration", "outputPath: x\n", "f.yaml:1:1: missing required key \"objectModelConfiguration\""},
		{"unknown top-level key", lines("objectModelConfiguration: {}", "outputPth: x"), "f.yaml:2:1: outputPth: unknown top-level key; did you mean \"outputPath\"?"},
		{"misspelt objectModelConfiguration", "objectModelConfiguraton: {}\n", "f.yaml:1:1: objectModelConfiguraton: unknown top-level key; did you mean \"objectModelConfiguration\"?"},
		{"unknown top-level key far from all", lines("objectModelConfiguration: {}", "colour: red"), "f.yaml:2:1: colour: unknown top-level key"},
		{"odd key is quoted in the path", lines("objectModelConfiguration: {}", "\"out\\nput\": x"), "f.yaml:2:1: \"out\\nput\": unknown top-level key"},
		{"duplicate top-level key", lines("outputPath: a", "objectModelConfiguration: {}", "outputPath: b"), "f.yaml:3:1: outputPath: duplicate key (first defined at line 1, column 1)"},
		{"outputPath not a string", lines("outputPath: 12", "objectModelConfiguration: {}"), "f.yaml:1:13: outputPath: expected a string, found the number 12"},
		{"empty specRoot", lines("specRoot: ''", "objectModelConfiguration: {}"), "f.yaml:1:11: specRoot: must not be empty"},
		{"specCommit abbreviated", lines("specCommit: 57a7be8", "objectModelConfiguration: {}"), "f.yaml:1:13: specCommit: \"57a7be8\" is not a full commit SHA; expected 40 lower-case hex digits, as `git rev-parse HEAD` prints them"},
		{"specCommit not hex", lines("objectModelConfiguration: {}", "specCommit: 57a7be857d79c80eb31eefa65173fc31a80b744z"), "f.yaml:2:13: specCommit: \"57a7be857d79c80eb31eefa65173fc31a80b744z\" is not a full commit SHA; expected 40 lower-case hex digits, as `git rev-parse HEAD` prints them"},
		{"specCommit upper case", lines("specCommit: 57A7BE857D79C80EB31EFA65173FC31A80B7449F", "objectModelConfiguration: {}"), "f.yaml:1:13: specCommit: \"57A7BE857D79C80EB31EFA65173FC31A80B7449F\" is not a full commit SHA; expected 40 lower-case hex digits, as `git rev-parse HEAD` prints them; did you mean \"57a7be857d79c80eb31efa65173fc31a80b7449f\"?"},
		{"specCommit a list", lines("specCommit: [57a7be8]", "objectModelConfiguration: {}"), "f.yaml:1:13: specCommit: expected a commit SHA (40 hex digits), found a list"},
		{"specCommit empty", lines("specCommit:", "objectModelConfiguration: {}"), "f.yaml:1:12: specCommit: expected a commit SHA (40 hex digits), found an empty value"},
		{"empty specRepository", lines("specRepository: ''", "objectModelConfiguration: {}"), "f.yaml:1:17: specRepository: must not be empty"},
		{"misspelt specCommit", lines("specComit: 57a7be857d79c80eb31eefa65173fc31a80b7449", "objectModelConfiguration: {}"), "f.yaml:1:1: specComit: unknown top-level key; did you mean \"specCommit\"?"},
		{"bad outputPackage", lines("outputPackage: github.com//x", "objectModelConfiguration: {}"), "f.yaml:1:16: outputPackage: \"github.com//x\" is not a Go import path; expected something like github.com/owner/repo/generated"},

		// Structure.
		{"objectModelConfiguration is a list", "objectModelConfiguration: [network]\n", "f.yaml:1:27: objectModelConfiguration: expected a mapping of API groups, found a list"},
		{"objectModelConfiguration is empty", "objectModelConfiguration:\n", "f.yaml:1:26: objectModelConfiguration: expected a mapping of API groups, found an empty value"},
		{"group is a string", lines("objectModelConfiguration:", "  network: 2020-11-01"), "f.yaml:2:12: objectModelConfiguration.network: expected a mapping of API versions, found \"2020-11-01\""},
		{"version is empty", lines("objectModelConfiguration:", "  network:", "    2020-11-01:"), "f.yaml:3:16: objectModelConfiguration.network.2020-11-01: expected a mapping of type names, found an empty value"},
		{"type is a boolean", lines("objectModelConfiguration:", "  network:", "    2020-11-01:", "      VirtualNetwork: true"), "f.yaml:4:23: " + typePath + ": expected a mapping of settings and properties, found the boolean true"},
		{"property is a list", inType("subnets: [a]"), "f.yaml:5:18: " + typePath + ".subnets: expected a mapping of property settings, found a list"},

		// Names.
		{"group with capitals", lines("objectModelConfiguration:", "  Network: {}"), "f.yaml:2:3: objectModelConfiguration.Network: invalid group name; " + groupNameRule + "; did you mean \"network\"?"},
		{"group as provider namespace", lines("objectModelConfiguration:", "  Microsoft.Network: {}"), "f.yaml:2:3: objectModelConfiguration.\"Microsoft.Network\": invalid group name; " + groupNameRule + "; did you mean \"network\"?"},
		{"api version without padding", lines("objectModelConfiguration:", "  network:", "    2020-6-1: {}"), "f.yaml:3:5: objectModelConfiguration.network.2020-6-1: invalid API version; " + apiVersionRule + "; did you mean \"2020-06-01\"?"},
		{"api version suffix typo", lines("objectModelConfiguration:", "  network:", "    2020-06-01-previw: {}"), "f.yaml:3:5: objectModelConfiguration.network.2020-06-01-previw: invalid API version; " + apiVersionRule + "; did you mean \"2020-06-01-preview\"?"},
		{"api version impossible date", lines("objectModelConfiguration:", "  network:", "    2020-13-01: {}"), "f.yaml:3:5: objectModelConfiguration.network.2020-13-01: invalid API version; " + apiVersionRule},
		{"api version word", lines("objectModelConfiguration:", "  network:", "    latest: {}"), "f.yaml:3:5: objectModelConfiguration.network.latest: invalid API version; " + apiVersionRule},
		{"type name lower case", lines("objectModelConfiguration:", "  network:", "    2020-11-01:", "      virtualNetwork: {}"), "f.yaml:4:7: objectModelConfiguration.network.2020-11-01.virtualNetwork: invalid type name; " + typeNameRule + "; did you mean \"VirtualNetwork\"?"},
		{"type name digit", lines("objectModelConfiguration:", "  network:", "    2020-11-01:", "      1Network: {}"), "f.yaml:4:7: objectModelConfiguration.network.2020-11-01.1Network: invalid type name; " + typeNameRule},
		{"property name", inType("9lives: {}"), "f.yaml:5:9: " + typePath + ".9lives: invalid property name; " + propertyNameRule},
		{"property name with dot", inType("a.b: {}"), "f.yaml:5:9: " + typePath + ".\"a.b\": invalid property name; " + propertyNameRule},

		// Duplicates.
		{"duplicate group", lines("objectModelConfiguration:", "  network: {}", "  network: {}"), "f.yaml:3:3: objectModelConfiguration.network: duplicate key (first defined at line 2, column 3)"},
		{"duplicate version quoted", lines("objectModelConfiguration:", "  network:", "    2020-11-01: {}", "    '2020-11-01': {}"), "f.yaml:4:5: objectModelConfiguration.network.2020-11-01: duplicate key (first defined at line 3, column 5)"},
		{"duplicate setting", inType("$export: true", "$export: false"), "f.yaml:6:9: " + typePath + ".$export: duplicate key (first defined at line 5, column 9)"},
		{"duplicate property", inType("subnets: {}", "subnets: {$isSecret: true}"), "f.yaml:6:9: " + typePath + ".subnets: duplicate key (first defined at line 5, column 9)"},

		// Settings in the wrong place.
		{"misspelt type setting", inType("$exprot: true"), "f.yaml:5:9: " + typePath + ".$exprot: unknown setting; did you mean \"$export\"?"},
		{"type setting with wrong case", inType("$IsHub: true"), "f.yaml:5:9: " + typePath + ".$IsHub: unknown setting; did you mean \"$isHub\"?"},
		{"unknown type setting", inType("$colour: red"), "f.yaml:5:9: " + typePath + ".$colour: unknown setting; a type accepts $azureGeneratedSecrets, $defaultAzureName, $export, $exportAs, $generatedConfigs, $importable, $isHub, $keptInParent, $renameTo, $scope"},
		{"property setting on a type", inType("$isSecret: true"), "f.yaml:5:9: " + typePath + ".$isSecret: $isSecret belongs on a property, not on a type"},
		{"type setting on a property", inType("subnets:", "  $export: true"), "f.yaml:6:11: " + typePath + ".subnets.$export: $export belongs on a type, not on a property"},
		{"misspelt property setting", inType("subnets: {$isSecert: true}"), "f.yaml:5:19: " + typePath + ".subnets.$isSecert: unknown setting; did you mean \"$isSecret\"?"},
		{"unknown property setting", inType("subnets: {$colour: red}"), "f.yaml:5:19: " + typePath + ".subnets.$colour: unknown setting; a property accepts $additionalEnumValues, $enumAsString, $flatten, $importConfigMapMode, $importSecretMode, $isSecret, $referenceType, $removeFromSpec, $renameTo, $renamedFrom"},
		{"setting on a group", lines("objectModelConfiguration:", "  network:", "    $export: true"), "f.yaml:3:5: objectModelConfiguration.network.$export: $export belongs on a type, not on an API group"},
		{"setting on a version", lines("objectModelConfiguration:", "  network:", "    2020-11-01:", "      $renameTo: X"), "f.yaml:4:7: objectModelConfiguration.network.2020-11-01.$renameTo: $renameTo belongs on a type or a property, not on an API version"},
		{"unknown setting on objectModelConfiguration", lines("objectModelConfiguration:", "  $foo: 1"), "f.yaml:2:3: objectModelConfiguration.$foo: unknown setting; settings go on types and properties, not on objectModelConfiguration"},
		{"type setting without $", inType("export: true"), "f.yaml:5:9: " + typePath + ".export: unknown key; settings start with \"$\"; did you mean \"$export\"?"},
		{"property setting without $", inType("subnets:", "  isSecret: true"), "f.yaml:6:11: " + typePath + ".subnets.isSecret: unknown key; settings start with \"$\"; did you mean \"$isSecret\"?"},
		{"nested key in property", inType("subnets:", "  name: {}"), "f.yaml:6:11: " + typePath + ".subnets.name: unknown key; a property holds only settings ($additionalEnumValues, $enumAsString, $flatten, $importConfigMapMode, $importSecretMode, $isSecret, $referenceType, $removeFromSpec, $renameTo, $renamedFrom)"},

		// Setting values.
		{"export not a boolean", inType("$export: yes-please"), "f.yaml:5:18: " + typePath + ".$export: expected a boolean (true or false), found the string \"yes-please\""},
		{"export yes is a string", inType("$export: yes"), "f.yaml:5:18: " + typePath + ".$export: expected a boolean (true or false), found the string \"yes\""},
		{"export quoted true", inType("$export: 'true'"), "f.yaml:5:18: " + typePath + ".$export: expected a boolean (true or false), found the string \"true\""},
		{"isHub a list", inType("$isHub: [true]"), "f.yaml:5:17: " + typePath + ".$isHub: expected a boolean (true or false), found a list"},
		{"flatten not a boolean", inType("properties:", "  $flatten: sometimes"), "f.yaml:6:21: " + typePath + ".properties.$flatten: expected a boolean (true or false), found the string \"sometimes\""},
		{"isSecret empty", inType("subnets:", "  $isSecret:"), "f.yaml:6:21: " + typePath + ".subnets.$isSecret: expected a boolean (true or false), found an empty value"},
		{"renameTo a number", inType("$renameTo: 2020"), "f.yaml:5:20: " + typePath + ".$renameTo: expected a string, found the number 2020"},
		{"type renameTo lower case", inType("$renameTo: vnet"), "f.yaml:5:20: " + typePath + ".$renameTo: \"vnet\" is not a valid type name; " + typeNameRule + "; did you mean \"Vnet\"?"},
		{"property renameTo with dash", inType("subnets: {$renameTo: sub-nets}"), "f.yaml:5:30: " + typePath + ".subnets.$renameTo: \"sub-nets\" is not a valid property name; " + fieldNameRule},
		{"exportAs not an identifier", inType("$exportAs: sql-database"), "f.yaml:5:20: " + typePath + ".$exportAs: \"sql-database\" is not an exported Go identifier; " + typeNameRule + "; did you mean \"SqlDatabase\"?"},
		{"exportAs unexported", inType("$exportAs: vnet2"), "f.yaml:5:20: " + typePath + ".$exportAs: \"vnet2\" is not an exported Go identifier; " + typeNameRule + "; did you mean \"Vnet2\"?"},
		{"export false after exportAs", inType("$exportAs: Vnet", "$export: false"), "f.yaml:6:9: " + typePath + ".$export: $export is false, but $exportAs (line 5) implies export; remove one of them"},
		{"exportAs with export false", inType("$export: false", "$exportAs: Vnet"), "f.yaml:6:9: " + typePath + ".$exportAs: $exportAs implies $export, but $export is false (line 5); remove one of them"},
		{"referenceType typo", inType("id: {$referenceType: armm}"), "f.yaml:5:30: " + typePath + ".id.$referenceType: invalid reference type \"armm\"; expected arm or arm+wellknown or simple; did you mean \"arm\"?"},
		{"referenceType capitals", inType("id: {$referenceType: SIMPLE}"), "f.yaml:5:30: " + typePath + ".id.$referenceType: invalid reference type \"SIMPLE\"; expected arm or arm+wellknown or simple; did you mean \"simple\"?"},
		{"referenceType unknown", inType("id: {$referenceType: resource}"), "f.yaml:5:30: " + typePath + ".id.$referenceType: invalid reference type \"resource\"; expected arm or arm+wellknown or simple"},
		{"secrets not a list", inType("$azureGeneratedSecrets: key"), "f.yaml:5:33: " + typePath + ".$azureGeneratedSecrets: expected a list of names (or name: source entries), found the string \"key\""},
		{"secrets item a list", inType("$azureGeneratedSecrets: [key, [a]]"), "f.yaml:5:39: " + typePath + ".$azureGeneratedSecrets[1]: expected a name or a name: source pair, found a list"},
		{"secrets item two pairs", inType("$azureGeneratedSecrets: [key, {a: b, c: d}]"), "f.yaml:5:39: " + typePath + ".$azureGeneratedSecrets[1]: expected one name: source pair, found 2"},
		{"secrets name as ASO spells it", inType("$azureGeneratedSecrets: [SSLPort]"), "f.yaml:5:34: " + typePath + ".$azureGeneratedSecrets[0]: \"SSLPort\" is not a valid name; " + exportedNameRule + "; did you mean \"sslPort\"?"},
		{"secrets source not a path", inType("$azureGeneratedSecrets: [{key1: 'listKeys:keys[x].value'}]"), "f.yaml:5:41: " + typePath + ".$azureGeneratedSecrets[0]: \"keys[x].value\": \"keys[x]\" is not property[n] or property[name=value]"},
		{"secrets source bad action", inType("$azureGeneratedSecrets: [{key1: 'list keys:keys'}]"), "f.yaml:5:41: " + typePath + ".$azureGeneratedSecrets[0]: \"list keys:keys\" is not an action; expected [action:]path, the action as its URL goes on after the resource's (listKeys)"},
		{"secrets source empty path", inType("$azureGeneratedSecrets: [{key1: 'listKeys:'}]"), "f.yaml:5:41: " + typePath + ".$azureGeneratedSecrets[0]: empty path; expected properties joined by dots, such as properties.hostName or keys[0].value"},
		{"secrets duplicate after a source", inType("$azureGeneratedSecrets: [{key: a.b}, key]"), "f.yaml:5:46: " + typePath + ".$azureGeneratedSecrets[1]: duplicate entry \"key\""},
		{"configs a list", inType("$generatedConfigs: [clientId]"), "f.yaml:5:28: " + typePath + ".$generatedConfigs: expected a mapping of names to status paths ($.status.<property>...), found a list"},
		{"configs not a status path", inType("$generatedConfigs: {clientId: properties.clientId}"), "f.yaml:5:39: " + typePath + ".$generatedConfigs.clientId: \"properties.clientId\" is not a status path; expected $.status.<property>[.<property>...]; did you mean \"$.status.properties.clientId\"?"},
		{"configs bad name", inType("$generatedConfigs: {client-id: $.status.clientId}"), "f.yaml:5:29: " + typePath + ".$generatedConfigs.client-id: \"client-id\" is not a valid name; " + exportedNameRule},
		{"configs bad path", inType("$generatedConfigs: {clientId: $.status.a..b}"), "f.yaml:5:39: " + typePath + ".$generatedConfigs.clientId: \"a..b\": \"\" is not a property name; " + propertyNameRule},
		{"additionalEnumValues not a list", inType("createMode: {$additionalEnumValues: createOrRecover}"), "f.yaml:5:45: " + typePath + ".createMode.$additionalEnumValues: expected a non-empty list of strings, found the string \"createOrRecover\""},
		{"additionalEnumValues duplicate", inType("createMode: {$additionalEnumValues: [a, a]}"), "f.yaml:5:49: " + typePath + ".createMode.$additionalEnumValues[1]: duplicate entry \"a\""},
		{"additionalEnumValues empty value", inType("createMode: {$additionalEnumValues: [\"\"]}"), "f.yaml:5:46: " + typePath + ".createMode.$additionalEnumValues[0]: must not be empty"},
		{"enumAsString false", inType("vmSize: {$enumAsString: false}"), "f.yaml:5:33: " + typePath + ".vmSize.$enumAsString: false is what the property is without the setting; remove it"},
		{"importConfigMapMode typo", inType("tenantId: {$importConfigMapMode: optinal}"), "f.yaml:5:42: " + typePath + ".tenantId.$importConfigMapMode: invalid mode \"optinal\"; expected optional or required; did you mean \"optional\"?"},
		{"scope unknown", inType("$scope: resourceUri"), "f.yaml:5:17: " + typePath + ".$scope: invalid scope \"resourceUri\"; expected resourcegroup or subscription or managementgroup or tenant or extension"},
		{"defaultAzureName unknown", inType("$defaultAzureName: guid"), "f.yaml:5:28: " + typePath + ".$defaultAzureName: invalid default \"guid\"; expected uuid; did you mean \"uuid\"?"},
		{"secrets duplicate", inType("$azureGeneratedSecrets: [key, key]"), "f.yaml:5:39: " + typePath + ".$azureGeneratedSecrets[1]: duplicate entry \"key\""},

		// Type filters.
		{"typeFilters not a list", lines("typeFilters: {action: include}", "objectModelConfiguration: {}"), "f.yaml:1:14: typeFilters: expected a list of filters, found a mapping"},
		{"filter not a mapping", lines("typeFilters: [include]", "objectModelConfiguration: {}"), "f.yaml:1:15: typeFilters[0]: expected a mapping with action, because, group, name, version, found the string \"include\""},
		{"unknown filter key", lines("typeFilters:", "- action: include", "  gruop: network", "objectModelConfiguration: {}"), "f.yaml:3:3: typeFilters[0].gruop: unknown filter key; did you mean \"group\"?"},
		{"invalid action", lines("typeFilters:", "- action: include", "- action: prnue", "  because: old", "objectModelConfiguration: {}"), "f.yaml:3:11: typeFilters[1].action: invalid action \"prnue\"; expected include or prune; did you mean \"prune\"?"},
		{"prune without because", lines("typeFilters:", "- action: prune", "  group: compute", "objectModelConfiguration: {}"), "f.yaml:2:3: typeFilters[0]: a prune filter needs \"because\" to say why the types are pruned"},
		{"filter without action", lines("typeFilters:", "- group: compute", "objectModelConfiguration: {}"), "f.yaml:2:3: typeFilters[0]: missing required key \"action\" (include or prune)"},
		{"filter bad glob", lines("typeFilters:", "- action: include", "  name: 'Virtual[Net'", "objectModelConfiguration: {}"), "f.yaml:3:9: typeFilters[0].name: invalid glob \"Virtual[Net\": syntax error in pattern"},

		// Document order: the earliest problem wins, even when a later
		// problem is more severe.
		{"first error wins", lines("outputPth: x", "objectModelConfiguration: [a]"), "f.yaml:1:1: outputPth: unknown top-level key; did you mean \"outputPath\"?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("f.yaml", []byte(tt.in))
			if err == nil {
				t.Fatalf("Parse succeeded, want error %q; got %+v", tt.want, got)
			}
			if got != nil {
				t.Errorf("Parse returned a config along with the error")
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error is %T, want *Error", err)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
