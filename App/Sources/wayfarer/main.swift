import App
import Foundation

WayfarerApp.prepareProcess()
let status = await WayfarerApp.run(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
exit(status)
