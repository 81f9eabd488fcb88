"""Causes found reading set 44's memories (issue 17, thirty-fourth round): a documentation/ folder taken for code, a
root entry file left out of the main source, a library's private workshop manifest called an application, a Rake
task that needs a variable or a gem the bundle lacks, a guide's step that points back at one not kept, and a README
that defines a format before it names the project."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_documentation_folder_is_documentation_not_source(make_project):
    learned = bodies(make_project, {"setup.py": "from setuptools import setup\nsetup(name='six', py_modules=['six'])\n",
                                    "six.py": "import sys\n" + "X = 1\n" * 40,
                                    "documentation/conf.py": "project = 'six'\nextensions = []\n" + "y = 2\n" * 60,
                                    "documentation/index.rst": "six\n===\n"})  # fmt: skip
    assert (
        learned["layout/source"]
        == "Main source: the project's own Python code is all in six.py at the repository root."
    )
    assert "documentation/ (documentation" in learned["layout/folders"]


def test_the_entry_file_at_the_root_is_named_with_the_folder_it_wires(make_project):
    parts = {f"middlewares/m{i}/index.ts": f"export default function m{i}() {{ return {i}; }}\n" for i in range(4)}
    wiring = "".join(f'import m{i} from "./middlewares/m{i}/index.js";\n' for i in range(4)) + "export {};\n" * 20
    learned = bodies(make_project, {"package.json": '{"private": true, "type": "module", "scripts": '
                                    '{"build": "tsx build.ts", "test": "tsx --test test/*.ts"}}',
                                    "tsconfig.json": "{}", "index.ts": wiring, **parts,
                                    "test/a.test.ts": "import m from '../index.js';\n"})  # fmt: skip
    assert "Its entry file index.ts is at the repository root, larger than any of them." in learned["layout/source"]
    assert "application" not in learned["javascript/stack"]


def test_a_private_package_that_starts_a_server_is_an_application(make_project):
    learned = bodies(make_project, {"package.json": '{"private": true, "scripts": {"start": "node server.js"}, '
                                    '"dependencies": {"express": "^4.0.0"}}',
                                    "server.js": "require('express')().listen(3000);\n"})  # fmt: skip
    assert "an application (private package)" in learned["javascript/stack"]


def test_a_rake_task_that_reads_a_variable_with_no_default_says_so(make_project):
    rakefile = (
        "task :bench do\n  if ENV['FAST'] == '1'\n    cmd = %w[ruby bench/fast.rb]\n  else\n"
        "    cmd = ['bin/bench', *ENV['TEMPLATE'].split(',')]\n  end\n  exit system(*cmd)\nend\n"
    )
    learned = bodies(make_project, {"Gemfile": "source 'https://rubygems.org'\ngemspec\n", "Rakefile": rakefile,
                                    "h.gemspec": "Gem::Specification.new { |s| s.name = 'h' }\n",
                                    "lib/h.rb": "module H; end\n"})  # fmt: skip
    assert learned["ruby/benchmarks"].endswith("with `TEMPLATE` set: the task reads it with no default.")


def test_a_rake_task_that_shells_out_to_a_gem_the_bundle_lacks_is_no_command(make_project):
    files = {"Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'minitest'\n",
             "h.gemspec": "Gem::Specification.new { |s| s.name = 'h' }\n", "lib/h.rb": "module H; end\n",
             "Rakefile": "desc 'Generate documentation'\ntask(:doc) {sh \"yard\"}\ntask default: :test\n"}  # fmt: skip
    assert "rake doc" not in bodies(make_project, files).get("workflow/docs", "")
    files["Gemfile"] += "gem 'yard'\n"
    assert "`bundle exec rake doc`" in bodies(make_project, files, name="with-yard")["workflow/docs"]


def test_a_guide_step_that_points_back_at_a_command_block_is_left_out(make_project):
    readme = (
        "# H\n\nH does things.\n\n## Contributing\n\nInstall Bundler, then the gems:\n~~~sh\nbundle install\n~~~\n\n"
        "Once this is complete, you should be able to run the test suite:\n~~~sh\nrake\n~~~\n\n"
        "H supports Ruby 3.2 and higher, so please make sure your changes run on 3.2+.\n"
    )
    learned = bodies(make_project, {"README.md": readme, "lib/h.rb": "module H; end\n"})
    assert "Once this is complete" not in learned["rules/README.md"]
    assert "make sure your changes run on 3.2+" in learned["rules/README.md"]


def test_a_readme_that_defines_a_format_before_naming_the_project_is_summarised_by_the_project(make_project):
    readme = (
        "# JsonCpp\n\n[JSON][j] is a lightweight data-interchange format. It can represent numbers.\n\n"
        "[j]: http://json.org/\n\nJsonCpp is a C++ library that allows manipulating JSON values.\n\n## Status\n\nOK.\n"
    )
    learned = bodies(make_project, {"README.md": readme, "src/a.cpp": "int a() { return 0; }\n"})
    assert learned["project/summary"] == (
        "Project JsonCpp: JsonCpp is a C++ library that allows manipulating JSON values."
    )
