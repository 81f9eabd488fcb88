"""Claude Code sessions in Java (Gradle) and Ruby (RSpec) repositories, written by hand. See kit.py."""

from __future__ import annotations

from kit import Claude

JDBC_CLASSES = [
    "DataSourceAutoConfiguration",
    "DataSourceConfiguration",
    "DataSourceProperties",
    "DataSourceInitializationConfiguration",
    "DataSourceJmxConfiguration",
    "DataSourcePoolMetadataProvidersConfiguration",
    "DataSourceTransactionManagerAutoConfiguration",
    "EmbeddedDataSourceConfiguration",
    "JdbcClientAutoConfiguration",
    "JdbcConnectionDetails",
    "JdbcTemplateAutoConfiguration",
    "JdbcTemplateConfiguration",
    "JdbcProperties",
    "JndiDataSourceAutoConfiguration",
    "NamedParameterJdbcTemplateConfiguration",
    "PropertiesJdbcConnectionDetails",
    "XADataSourceAutoConfiguration",
    "DataSourceCheckpointRestoreConfiguration",
    "HikariCheckpointRestoreLifecycle",
    "HikariDriverConfigurationFailureAnalyzer",
    "DataSourceBeanCreationFailureAnalyzer",
    "DatabaseDriver",
    "DataSourceUnwrapper",
    "MultipleDataSourcesSupplier",
    "SqlInitializationAutoConfiguration",
]
JDBC_TESTS = [
    "HikariDataSourceConfigurationTests",
    "Dbcp2DataSourceConfigurationTests",
    "TomcatDataSourceConfigurationTests",
    "OracleUcpDataSourceConfigurationTests",
    "DataSourceAutoConfigurationTests",
    "DataSourceJmxConfigurationTests",
    "DataSourcePropertiesTests",
    "XADataSourceAutoConfigurationTests",
    "DataSourceJsonSerializationTests",
    "HikariDriverConfigurationFailureAnalyzerTests",
    "JndiDataSourceAutoConfigurationTests",
    "DataSourceInitializationIntegrationTests",
]


def rubocop_bundle_exec() -> Claude:
    s = Claude("rubocop_bundle_exec", "/home/dev/src/rubocop", "2026-10-31T10:00:00.000")
    s.user(
        "Style/RedundantParentheses should also flag `return (x)`. Add it with specs. Also run `bundle exec rake "
        "internal_investigation` before you're done — CI runs it and it catches things rspec doesn't."
    )
    s.read(
        "lib/rubocop/cop/style/redundant_parentheses.rb",
        "        def on_begin(node)\n          return if !parentheses?(node) || parens_allowed?(node) || ignore_syntax?(node)\n",
    )
    s.edit(
        "spec/rubocop/cop/style/redundant_parentheses_spec.rb",
        "  it 'registers an offense for parens around a literal' do",
        "  it 'registers an offense for parens around a return value' do\n    expect_offense(<<~RUBY)\n      return (x)\n             ^^^ Don't use parentheses around a method call.\n"
        "    RUBY\n  end\n\n  it 'registers an offense for parens around a literal' do",
    )
    s.bash(
        "rspec spec/rubocop/cop/style/redundant_parentheses_spec.rb",
        "/home/dev/.gem/ruby/3.3.0/gems/bundler-2.5.22/lib/bundler/runtime.rb:304:in `check_for_activated_spec!': You have already "
        "activated rspec-core 3.13.2, but your Gemfile requires rspec-core 3.13.0. Prepending `bundle exec` to your command may solve this. (Gem::LoadError)\n"
        "\tfrom /home/dev/.gem/ruby/3.3.0/gems/bundler-2.5.22/lib/bundler/runtime.rb:25:in `block in setup'",
        1,
    )
    s.bash(
        "bundle exec rspec spec/rubocop/cop/style/redundant_parentheses_spec.rb",
        "Randomized with seed 41233\n..............F.....\n\nFailures:\n\n  1) RuboCop::Cop::Style::RedundantParentheses registers an offense for parens around a return value\n"
        "     Failure/Error: expect_offense(<<~RUBY)\n       Diff:\n       @@ -1,2 +1,1 @@\n        return (x)\n       -       ^^^ Don't use parentheses around a method call.\n\n"
        "220 examples, 1 failure",
        1,
    )
    s.edit(
        "lib/rubocop/cop/style/redundant_parentheses.rb",
        "        def on_begin(node)",
        "        def on_return(node)\n          check_return_value(node.children.first)\n        end\n\n        def on_begin(node)",
    )
    s.bash(
        "bundle exec rspec spec/rubocop/cop/style/redundant_parentheses_spec.rb",
        "Randomized with seed 5120\n" + "." * 40 + "\n\n220 examples, 0 failures",
    )
    s.bash(
        "bundle exec rake internal_investigation",
        "Running RuboCop...\nInspecting 1627 files\n" + "." * 50 + "\n1627 files inspected, "
        "1 offense detected, 1 offense autocorrectable\nlib/rubocop/cop/style/redundant_parentheses.rb:41:9: C: InternalAffairs/NodeMatcherDirective: "
        "Preceed `def_node_matcher` with a `@!method` YARD directive.\nRuboCop failed!",
        1,
    )
    s.edit(
        "lib/rubocop/cop/style/redundant_parentheses.rb",
        "        def_node_matcher :return_value,",
        "        # @!method return_value(node)\n        def_node_matcher :return_value,",
    )
    s.bash(
        "bundle exec rake internal_investigation",
        "Inspecting 1627 files\n1627 files inspected, no offenses detected\nRuboCop passed!",
    )
    s.user(
        "Nice. Every user-facing change here also needs a changelog entry — create one with `bundle exec rake changelog:new`."
    )
    s.bash("bundle exec rake changelog:new", "Created changelog/new_flag_return_with_parentheses.md")
    s.done("Added `return (x)` detection with specs, a changelog entry, and internal_investigation passes.")
    return s


def springboot_plan() -> Claude:
    s = Claude(
        "springboot_plan", "/home/dev/src/spring-boot", "2026-11-02T09:00:00.000", model="claude-opus-4-1-20250805"
    )
    s.user(
        "DataSourceBuilder should derive the Hikari pool name from the bean name when none is set. Plan it first.",
        mode="plan",
    )
    s.grep(
        "class DataSourceBuilder",
        ["spring-boot-project/spring-boot/src/main/java/org/springframework/boot/jdbc/DataSourceBuilder.java"],
    )
    s.read(
        "spring-boot-project/spring-boot/src/main/java/org/springframework/boot/jdbc/DataSourceBuilder.java",
        "public final class DataSourceBuilder<T extends DataSource> {\n\n\tprivate final ClassLoader classLoader;\n\n"
        "\tprivate final Map<DataSourceProperty, String> values = new HashMap<>();",
    )
    s.say(
        "Before planning I'll survey how the JDBC auto-configuration and the pool-specific configurations are laid out."
    )
    base = "spring-boot-project/spring-boot-autoconfigure/src/main/java/org/springframework/boot/autoconfigure/jdbc/"
    for cls in JDBC_CLASSES:
        s.read(
            base + cls + ".java",
            f"/*\n * Copyright 2012-2025 the original author or authors.\n */\n\npackage org.springframework.boot.autoconfigure.jdbc;\n\n"
            f"/**\n * {cls.replace('Configuration', ' configuration')}.\n *\n * @author Stephane Nicoll\n * @since 2.0.0\n */\npublic class {cls} {{\n\n}}",
        )
    for test in JDBC_TESTS:
        s.grep(
            "setPoolName|getPoolName",
            [],
            "spring-boot-project/spring-boot-autoconfigure/src/test/java/org/springframework/boot/autoconfigure/jdbc/"
            + test
            + ".java",
        )
    s.plan(
        "# Derive Hikari pool name from the bean name\n\n"
        "Decision: set the pool name in DataSourceConfiguration.Hikari (the auto-configuration), not in DataSourceBuilder: when "
        "`spring.datasource.hikari.pool-name` is unset, use the DataSource bean name.\n"
        "Rationale: DataSourceBuilder knows nothing about bean names; the auto-configuration does, and keeping the builder generic "
        "avoids a Hikari-specific branch in it.\n\nSteps:\n1. DataSourceConfiguration.Hikari: apply the bean name when pool-name is empty\n"
        "2. Test in HikariDataSourceConfigurationTests\n3. Docs note in data/sql.adoc",
        approved=True,
    )
    s.edit(
        "spring-boot-project/spring-boot-autoconfigure/src/main/java/org/springframework/boot/autoconfigure/jdbc/DataSourceConfiguration.java",
        "\t\t\tif (StringUtils.hasText(properties.getName())) {\n\t\t\t\tdataSource.setPoolName(properties.getName());\n\t\t\t}",
        "\t\t\tif (StringUtils.hasText(properties.getName())) {\n\t\t\t\tdataSource.setPoolName(properties.getName());\n\t\t\t}\n"
        '\t\t\telse if (dataSource.getPoolName() == null) {\n\t\t\t\tdataSource.setPoolName("dataSource");\n\t\t\t}',
    )
    s.bash(
        "./gradlew :spring-boot-project:spring-boot-autoconfigure:test --tests '*HikariDataSourceConfigurationTests'",
        "> Task :spring-boot-project:spring-boot-autoconfigure:checkFormatMain FAILED\n\nFAILURE: Build failed with an exception.\n\n"
        "* What went wrong:\nExecution failed for task ':spring-boot-project:spring-boot-autoconfigure:checkFormatMain'.\n"
        "> Formatting violations found in the following files:\n   * src/main/java/org/springframework/boot/autoconfigure/jdbc/DataSourceConfiguration.java\n\n"
        "  Run `./gradlew format` to fix.\n\nBUILD FAILED in 48s",
        1,
    )
    s.bash("./gradlew format", "BUILD SUCCESSFUL in 22s\n14 actionable tasks: 14 executed")
    s.bash(
        "./gradlew :spring-boot-project:spring-boot-autoconfigure:test --tests '*HikariDataSourceConfigurationTests'",
        "> Task :spring-boot-project:spring-boot-autoconfigure:test\n\nBUILD SUCCESSFUL in 2m 41s\n57 actionable tasks: 12 executed, 45 up-to-date",
    )
    s.done(
        "Implemented per the approved plan: the Hikari auto-configuration names the pool after the bean when pool-name is unset; formatting fixed with `./gradlew format`; tests pass."
    )
    return s


def mastodon_fabricators() -> Claude:
    s = Claude("mastodon_fabricators", "/home/dev/src/mastodon", "2026-11-03T13:00:00.000")
    s.user(
        "Account#suspended_temporarily? returns true for accounts whose suspension expired. Fix it with a model spec."
    )
    s.read(
        "app/models/concerns/account/suspensions.rb",
        "  def suspended_temporarily?\n    suspended? && deletion_request.present?\n  end",
    )
    s.edit(
        "spec/models/account_spec.rb",
        "  describe '#suspended_temporarily?' do",
        "  describe '#suspended_temporarily?' do\n    let(:account) { FactoryBot.create(:account, suspended_at: 2.days.ago) }\n",
    )
    s.bash(
        "bundle exec rspec spec/models/account_spec.rb -e suspended_temporarily",
        "An error occurred while loading ./spec/models/account_spec.rb.\nFailure/Error: let(:account) { FactoryBot.create(:account, suspended_at: 2.days.ago) }\n\n"
        "NameError:\n  uninitialized constant FactoryBot\n# ./spec/models/account_spec.rb:612:in `block (3 levels) in <main>'\n"
        "# /home/dev/.gem/ruby/3.3.0/gems/rspec-core-3.13.2/lib/rspec/core/example_group.rb:389:in `module_exec'\n"
        "No examples found.\n\nFinished in 0.00004 seconds (files took 4.21 seconds to load)\n0 examples, 0 failures, 1 error occurred outside of examples",
        1,
    )
    s.user(
        "No, we use Fabrication here, not FactoryBot — `Fabricate(:account, ...)`. The fabricators are in spec/fabricators."
    )
    s.edit(
        "spec/models/account_spec.rb",
        "FactoryBot.create(:account, suspended_at: 2.days.ago)",
        "Fabricate(:account, suspended_at: 2.days.ago)",
    )
    s.bash(
        "bundle exec rspec spec/models/account_spec.rb -e suspended_temporarily",
        "Run options: include {:full_description=>/suspended_temporarily/}\n.F\n\n  1) Account#suspended_temporarily? is false once the deletion request is gone\n"
        "     expected true to be false\n2 examples, 1 failure",
        1,
    )
    s.edit(
        "app/models/concerns/account/suspensions.rb",
        "    suspended? && deletion_request.present?",
        "    suspended? && deletion_request.present? && !deletion_request.due?",
    )
    s.bash("bundle exec rspec spec/models/account_spec.rb -e suspended_temporarily", "..\n\n2 examples, 0 failures")
    s.done("Fixed `suspended_temporarily?` for expired suspensions; spec uses Fabricate and passes.")
    return s


def kafka_unit_tests() -> Claude:
    s = Claude("kafka_unit_tests", "/home/dev/src/kafka", "2026-11-04T08:00:00.000")
    s.user(
        "KafkaConsumer#committed(Set) NPEs when a partition has no committed offset. Fix and test. Run just the clients unit tests "
        "(`./gradlew :clients:unitTest`) — the full :clients:test includes integration tests that take 40 minutes."
    )
    s.read(
        "clients/src/main/java/org/apache/kafka/clients/consumer/internals/ClassicKafkaConsumer.java",
        "            final Map<TopicPartition, OffsetAndMetadata> offsets;\n            offsets = coordinator.fetchCommittedOffsets(partitions, time.timer(timeout));\n"
        "            offsets.forEach(this::updateLastSeenEpochIfNewer);",
    )
    s.say(
        "Great, I can see the issue! This is a classic null-handling bug. The map can contain null values for partitions without a committed offset, "
        "and `updateLastSeenEpochIfNewer` dereferences them. Let me fix that right away."
    )
    s.edit(
        "clients/src/main/java/org/apache/kafka/clients/consumer/internals/ClassicKafkaConsumer.java",
        "            offsets.forEach(this::updateLastSeenEpochIfNewer);",
        "            offsets.forEach((tp, offset) -> {\n                if (offset != null)\n                    updateLastSeenEpochIfNewer(tp, offset);\n            });",
    )
    s.bash(
        "./gradlew :clients:unitTest --tests '*KafkaConsumerTest.testCommittedWithNullOffset*'",
        "> Configure project :\nStarting build with version 4.2.0-SNAPSHOT\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
        "Could not resolve all files for configuration ':clients:compileClasspath'.\n> Could not download zstd-jni-1.5.6-6.jar (com.github.luben:zstd-jni:1.5.6-6)\n"
        "   > Could not get resource 'https://repo.maven.apache.org/maven2/com/github/luben/zstd-jni/1.5.6-6/zstd-jni-1.5.6-6.jar'.\n"
        "      > Read timed out\n\nBUILD FAILED in 1m 12s",
        1,
    )
    s.say("Dependency download timed out — a network blip. Retrying.")
    s.bash(
        "./gradlew :clients:unitTest --tests '*KafkaConsumerTest.testCommittedWithNullOffset*'",
        "> Task :clients:unitTest\n\nKafkaConsumerTest > testCommittedWithNullOffset(GroupProtocol) > [1] groupProtocol=CLASSIC PASSED\n"
        "KafkaConsumerTest > testCommittedWithNullOffset(GroupProtocol) > [2] groupProtocol=CONSUMER PASSED\n\nBUILD SUCCESSFUL in 3m 9s",
    )
    s.bash("./gradlew :clients:checkstyleMain :clients:spotbugsMain", "BUILD SUCCESSFUL in 1m 2s")
    s.done(
        "Fixed! 🎉 Null committed offsets are skipped when updating epochs. The new test passes for both group protocols, and checkstyle + spotbugs are clean. "
        "Let me know if there's anything else you'd like me to look at — happy to help!"
    )
    return s


def junit_javadoc_typo() -> Claude:
    s = Claude("junit_javadoc_typo", "/home/dev/src/junit-framework", "2026-11-05T15:30:00.000")
    s.hook("SessionStart", "picasso hook claude session-start")
    s.command("clear")
    s.user(
        "fix the javadoc typo 'paramter' in junit-jupiter-params/src/main/java/org/junit/jupiter/params/ParameterizedTest.java"
    )
    s.bash(
        "grep -n paramter junit-jupiter-params/src/main/java/org/junit/jupiter/params/ParameterizedTest.java",
        "118:\t * the paramter name is used as the display name placeholder",
    )
    s.edit(
        "junit-jupiter-params/src/main/java/org/junit/jupiter/params/ParameterizedTest.java",
        "\t * the paramter name is used as the display name placeholder",
        "\t * the parameter name is used as the display name placeholder",
    )
    s.done("Fixed the typo on line 118.")
    s.stop_hook()
    return s


def factorybot_standard() -> Claude:
    s = Claude("factorybot_standard", "/home/dev/src/factory_bot", "2026-11-06T10:20:00.000")
    s.user("Make FactoryBot.lint report the factory name in the error for invalid traits. Add a spec.")
    s.read(
        "lib/factory_bot/linter.rb",
        "    class FactoryError\n      def initialize(wrapped_error, factory)\n        @wrapped_error = wrapped_error\n        @factory = factory\n      end",
    )
    s.edit(
        "lib/factory_bot/linter.rb",
        '      def message\n        message = @wrapped_error.message\n        "* #{location} - #{message} (#{@wrapped_error.class.name})"',
        '      def message\n        message = @wrapped_error.message\n        "* #{location} (factory: #{@factory.name}) - #{message} (#{@wrapped_error.class.name})"',
    )
    s.bash(
        "bundle exec rspec spec/factory_bot/linter_spec.rb",
        "Randomized with seed 33121\n.........\n\nFinished in 0.21 seconds\n9 examples, 0 failures",
    )
    s.bash(
        "bundle exec rubocop lib/factory_bot/linter.rb",
        "bundler: command not found: rubocop\nInstall missing gem executables with `bundle install`",
        127,
    )
    s.user(
        "we use standard, not rubocop directly. `bundle exec standardrb --fix`, and `bundle exec rake` runs specs plus standard."
    )
    s.bash("bundle exec standardrb --fix lib/factory_bot/linter.rb", "")
    s.bash(
        "bundle exec rake",
        "Randomized with seed 1208\n"
        + "." * 70
        + "\n\nFinished in 6.3 seconds\n1061 examples, 0 failures\n\nstandard: Ruby Style Guide, with linter & formatter\nno offenses detected",
    )
    s.done("Lint errors now name the factory; spec added; `bundle exec rake` (specs + standard) passes.")
    return s
